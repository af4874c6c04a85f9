package sandbox

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/url"
	"testing"
)

// TestGzippedListIsThePlainAnswer: a full-field list asked with gzip is one
// gzip member that decodes to the plain answer, before and after an item of
// the page is written, for a full page, a short one and an empty one.
func TestGzippedListIsThePlainAnswer(t *testing.T) {
	h := startHarness(t, Options{ExtraItems: 300})
	get := func(q url.Values, gz bool) []byte {
		t.Helper()
		req, err := http.NewRequest(http.MethodGet, h.run.URL+"/stories?"+q.Encode(), nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", h.apiBasic())
		if gz {
			req.Header.Set("Accept-Encoding", "gzip")
		}
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		if !gz {
			return body
		}
		if resp.Header.Get("Content-Encoding") != "gzip" {
			t.Fatalf("no gzip answer: %v", resp.Header)
		}
		br := bytes.NewReader(body)
		zr, err := gzip.NewReader(br)
		if err != nil {
			t.Fatal(err)
		}
		zr.Multistream(false)
		plain, err := io.ReadAll(zr)
		if err != nil {
			t.Fatalf("the gzip answer does not decode: %v", err)
		}
		if br.Len() != 0 {
			t.Fatalf("%d bytes after the gzip member", br.Len())
		}
		return plain
	}
	pages := []url.Values{
		{"workspace_id": {"10022001"}, "limit": {"200"}, "page": {"2"}},
		{"workspace_id": {"10022001"}, "limit": {"30"}, "page": {"18"}},
		{"workspace_id": {"10022001"}, "limit": {"10"}, "page": {"999"}},
		{"workspace_id": {"10022001"}, "created": {"2025-10-01~2025-10-20"}},
	}
	for round := range 2 {
		for _, q := range pages {
			for range 2 { // the second read comes from the cache
				if plain, gz := get(q, false), get(q, true); !bytes.Equal(plain, gz) {
					t.Fatalf("round %d, %v: the gzip answer decodes to\n%.300s\nwant\n%.300s", round, q, gz, plain)
				}
			}
		}
		var page []map[string]map[string]any
		h.do(request{path: "/stories", auth: h.apiBasic(), query: pages[0]}).wantOK(t, &page)
		id, _ := page[3]["Story"]["id"].(string)
		writeStory(t, h, url.Values{"id": {id}, "name": {"changed under the cache"}})
		if !bytes.Contains(get(pages[0], true), []byte("changed under the cache")) {
			t.Fatal("a written item's cached answer was served")
		}
	}
}
