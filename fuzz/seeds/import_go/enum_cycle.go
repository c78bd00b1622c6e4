package v1

// +enum
type Mode string

const (
	ModeFast Mode = "Fast"
	ModeSlow Mode = "Slow"
)

type T struct {
	Next *T `json:"next,omitempty"`
	M map[string][]Mode `json:"m"`
}
