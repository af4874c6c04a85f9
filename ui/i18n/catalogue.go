package i18n

import "sync"

// The catalogue of each language is written in parts, one file per part of
// the app and language (catalog_en_editor.go beside catalog_zh_editor.go);
// a new part adds its two lists here, at the same place in both.
var (
	englishParts = [][]string{englishCore, englishWords, englishViews, englishCLI, englishBoardtalk, englishErrors, englishStoreErrors, englishCreate, englishEngine, englishRest}
	chineseParts = []map[string]string{chineseCore, chineseWords, chineseViews, chineseCLI, chineseBoardtalk, chineseErrors, chineseStoreErrors, chineseCreate, chineseEngine, chineseRest}
)

// english is every message the app draws through T and Tf, in English,
// which is also its key in the other catalogues.
var english = sync.OnceValue(func() []string {
	var all []string
	for _, part := range englishParts {
		all = append(all, part...)
	}
	return all
})

// englishSet is english as a set.
var englishSet = sync.OnceValue(func() map[string]bool {
	set := make(map[string]bool, len(english()))
	for _, msg := range english() {
		set[msg] = true
	}
	return set
})

// chinese maps every message of english to its Chinese text.
var chinese = sync.OnceValue(func() map[string]string {
	all := map[string]string{}
	for _, part := range chineseParts {
		for msg, zh := range part {
			all[msg] = zh
		}
	}
	return all
})
