package sandbox

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"hash/crc32"
	"net/url"

	"triage/api"
)

// Gzip answers of full-field lists, joined from deflated items. Compressing
// a 200-item page of every field costs more than everything else its answer
// takes, so each item's answer is deflated once, on its own, and kept beside
// it (itemcache.go); a page is then one gzip member whose deflate stream is
// the items' segments in order, with the envelope's text and the commas
// between them as stored blocks (RFC 1951 §3.2.4). Each segment ends with a
// sync flush, so it ends on a byte and is not the last block; the stream
// ends with an empty final stored block, and the member with the CRC-32 and
// length of everything (RFC 1952).

// gzipHeader starts a gzip member: deflate, no name, no time, unknown OS.
const gzipHeader = "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"

// gzippedList is the whole answer of a list without fields=, envelope
// included, as a gzip stream; ok is false for a list with fields=, which the
// plain answer serves.
func (w *world) gzippedList(ws *Workspace, k api.Kind, q url.Values) (body []byte, ok bool, herr *httpError) {
	if len(splitFieldList(q.Get("fields"))) > 0 {
		return nil, false, nil
	}
	set, l, matched, herr := w.listPage(ws, k, q)
	if herr != nil {
		return nil, false, herr
	}
	z := gzipJoin{b: make([]byte, 0, 64+len(matched)*estimateItemBytes(len(l.fields))/4)}
	z.b = append(z.b, gzipHeader...)
	z.stored(`{"status":1,"data":[`)
	for i, pos := range matched {
		if i > 0 {
			z.stored(",")
		}
		plain, deflated := set.encoded.deflatedItem(set, l, pos)
		z.segment(plain, deflated)
	}
	z.stored(`],"info":"success"}`)
	return z.finish(), true, nil
}

// gzipJoin builds a gzip member from stored text and deflated segments.
type gzipJoin struct {
	b    []byte
	crc  uint32
	size int
}

// stored appends text as a stored block (at most 65535 bytes).
func (z *gzipJoin) stored(text string) {
	n := len(text)
	z.b = append(z.b, 0, byte(n), byte(n>>8), ^byte(n), ^byte(n>>8))
	z.b = append(z.b, text...)
	z.crc = crc32.Update(z.crc, crc32.IEEETable, []byte(text))
	z.size += n
}

// segment appends a deflated segment whose text is plain.
func (z *gzipJoin) segment(plain, deflated []byte) {
	z.b = append(z.b, deflated...)
	z.crc = crc32.Update(z.crc, crc32.IEEETable, plain)
	z.size += len(plain)
}

// finish ends the stream with an empty final stored block and the trailer.
func (z *gzipJoin) finish() []byte {
	z.b = append(z.b, 1, 0, 0, 0xff, 0xff)
	z.b = binary.LittleEndian.AppendUint32(z.b, z.crc)
	return binary.LittleEndian.AppendUint32(z.b, uint32(z.size))
}

// deflatedItem returns the full-field answer of a position and its deflated
// segment, from the cache or made and kept there.
func (c *encodedCache) deflatedItem(set *itemSet, l *layout, pos int) (plain, deflated []byte) {
	if c != nil {
		c.mu.Lock()
		e, ok := c.items[encodedKey{set, pos}]
		c.mu.Unlock()
		if ok && e.deflated != nil {
			return e.plain, e.deflated
		}
		if ok {
			plain = e.plain
		}
	}
	if plain == nil {
		it := set.at(pos)
		plain = l.appendItem(nil, &it)
	}
	deflated = c.deflate(plain)
	if c != nil {
		c.mu.Lock()
		c.put(encodedKey{set, pos}, &encodedItem{plain: plain, deflated: deflated})
		c.mu.Unlock()
	}
	return plain, deflated
}

// deflate compresses text into a segment that ends with a sync flush.
func (c *encodedCache) deflate(text []byte) []byte {
	var buf bytes.Buffer
	buf.Grow(len(text)/3 + 16)
	var fw *flate.Writer
	if c != nil {
		fw, _ = c.deflaters.Get().(*flate.Writer)
	}
	if fw == nil {
		fw, _ = flate.NewWriter(&buf, flate.BestSpeed)
	} else {
		fw.Reset(&buf)
	}
	_, _ = fw.Write(text) // writes to a bytes.Buffer do not fail
	_ = fw.Flush()
	if c != nil {
		c.deflaters.Put(fw)
	}
	return buf.Bytes()
}
