package sandbox

import "strconv"

// Ids. TAPD writes every id of a workspace the same way, whatever it names
// (story, bug, task, iteration, comment): the deployment's prefix, the
// 8-digit workspace id and a 9-digit sequence number. Clients build a long id
// from the short one people quote this way, so a bug's short id 1 is found as
// 11 + workspace + 000000001. The sandbox is a cloud deployment.
const (
	// idPrefix is TAPD cloud's; on-premise deployments write 10.
	idPrefix = "11"
	// idLen is the length of an id: prefix, workspace, sequence.
	idLen = len(idPrefix) + 8 + 9
)

// newID is the id of the seq-th object of a kind in a workspace.
func newID(workspace, seq int64) string {
	return string(appendID(make([]byte, 0, idLen), workspace, seq))
}

// appendID appends the id of the seq-th object of a kind in a workspace.
func appendID(b []byte, workspace, seq int64) []byte {
	b = append(b, idPrefix...)
	b = appendPadded(b, workspace, 8)
	return appendPadded(b, seq, 9)
}

// longID is the id an item filter means by v: a short id (at most 9
// digits, the sequence number people quote, as TAPD's own MCP server sends
// it in id=) is the workspace's long one; any other value is itself.
func longID(workspace int64, v string) string {
	if len(v) > 9 || !isDigits(v) {
		return v
	}
	seq, err := strconv.ParseInt(v, 10, 64)
	if err != nil || seq == 0 {
		return v
	}
	return newID(workspace, seq)
}

// idSeq is the sequence number of an id of workspace ws, or 0 when id is not
// one of the service's ids of that workspace.
func idSeq(id string, ws int64) int64 {
	if len(id) != idLen || id[:len(idPrefix)] != idPrefix || !isDigits(id) {
		return 0
	}
	if w, err := strconv.ParseInt(id[len(idPrefix):len(idPrefix)+8], 10, 64); err != nil || w != ws {
		return 0
	}
	seq, err := strconv.ParseInt(id[len(idPrefix)+8:], 10, 64)
	if err != nil {
		return 0
	}
	return seq
}

// appendPadded appends n in decimal, zero-padded to width digits.
func appendPadded(b []byte, n int64, width int) []byte {
	var digits [20]byte
	s := strconv.AppendInt(digits[:0], n, 10)
	for i := len(s); i < width; i++ {
		b = append(b, '0')
	}
	return append(b, s...)
}
