package sandbox

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"image"
	"image/color"
	"image/png"
	"strconv"
	"strings"
	"time"
)

// Attachments' files and download addresses. The seed's attachments
// (record_seed.go) have no stored bytes: each file is made from its record,
// a small PNG for an image and a short text otherwise. /attachments/down
// gives an address on this service valid for downloadTTL (TAPD's 300 s,
// attachment/get_one_attachment), signed so that only the service could
// have made it: the address is the credential, as TAPD's file addresses are.

// downloadTTL is how long a download address stays valid.
const downloadTTL = 300 * time.Second

// downloadPath is where the service serves attachments' files.
const downloadPath = "/attachments/tmp_download/"

// downloadSignature signs the attachment id and the time its address was
// made with the service's key.
func downloadSignature(key []byte, id string, made int64) string {
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(id + "\n" + strconv.FormatInt(made, 10)))
	return hex.EncodeToString(mac.Sum(nil))
}

// downloadAddress is the path and query of an attachment's file, made at
// now: /attachments/tmp_download/<id>?salt=<signature>&time=<unix seconds>,
// the shape of TAPD's download_url.
func downloadAddress(key []byte, id string, now time.Time) string {
	made := now.Unix()
	return downloadPath + id + "?salt=" + downloadSignature(key, id, made) + "&time=" + strconv.FormatInt(made, 10)
}

// checkDownload reports why a download address of id does not open the
// file at now, or "" when it does.
func checkDownload(key []byte, id, salt, made string, now time.Time) string {
	at, err := strconv.ParseInt(made, 10, 64)
	if err != nil || !hmac.Equal([]byte(salt), []byte(downloadSignature(key, id, at))) {
		return "this download address was not made by this service; ask /attachments/down for one"
	}
	if now.Sub(time.Unix(at, 0)) > downloadTTL || now.Before(time.Unix(at, 0).Add(-time.Minute)) {
		return "this download address has expired (they are valid for 300 s); ask /attachments/down for a new one"
	}
	return ""
}

// attachmentFile is the content of an attachment's file.
func attachmentFile(r record) []byte {
	if r["content_type"] == "image/png" {
		return screenshotPNG(r["entry_id"])
	}
	var b strings.Builder
	b.WriteString(r["filename"] + " of " + r["type"] + " " + r["entry_id"] + ", uploaded by " + r["owner"] + " at " + r["created"] + "\n")
	for i := range 5 {
		b.WriteString("[" + r["created"] + "] ERROR request " + strconv.Itoa(1000+i) + " failed: upstream timed out after 30s\n")
	}
	return []byte(b.String())
}

// screenshotPNG is a small picture of a page, its bars drawn from seed, so
// each item's screenshot differs.
func screenshotPNG(seed string) []byte {
	const w, h = 96, 64
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	var n int
	for _, c := range seed {
		n = n*31 + int(c)
	}
	accent := color.RGBA{R: uint8(60 + n%150), G: uint8(90 + n/7%120), B: 200, A: 255}
	for y := range h {
		for x := range w {
			c := color.RGBA{R: 245, G: 245, B: 245, A: 255}
			switch {
			case y < 10:
				c = accent
			case y%12 == 4 && x > 8 && x < 8+(n>>uint(y%8)&63)+20:
				c = color.RGBA{R: 120, G: 120, B: 120, A: 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	var buf bytes.Buffer
	_ = png.Encode(&buf, img) // encoding to memory does not fail
	return buf.Bytes()
}
