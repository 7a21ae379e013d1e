package auth

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSafePathKnownTricks(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
	}{
		{"path", "/profile", "/profile"},
		{"path with query and fragment", "/results?query=a%20b&x=1#top", "/results?query=a%20b&x=1#top"},
		{"root", "/", "/"},
		{"encoded slash stays a path", "/%2F%2Fevil.example", "/%2F%2Fevil.example"},
		{"encoded tab stays a path", "/%09/evil.example", "/%09/evil.example"},
		{"non-ASCII path", "/guideline/1/de?q=Übelkeit", "/guideline/1/de?q=Übelkeit"},
		{"empty", "", "/"},
		{"relative", "profile", "/"},
		{"protocol-relative", "//evil.example", "/"},
		{"protocol-relative with path", "//evil.example/x", "/"},
		{"absolute URL", "https://evil.example/", "/"},
		{"javascript URL", "javascript:alert(1)", "/"},
		{"data URL", "data:text/html,<script>alert(1)</script>", "/"},
		{"backslash", "/\\evil.example", "/"},
		{"backslashes", "\\\\evil.example", "/"},
		{"backslash later", "/a/..\\..\\\\evil.example", "/"},
		{"slash backslash slash", "/\\/evil.example", "/"},
		{"tab", "/\t/evil.example", "/"},
		{"line feed", "/\n/evil.example", "/"},
		{"carriage return", "/\r/evil.example", "/"},
		{"header injection", "/x\r\nSet-Cookie: a=b", "/"},
		{"NUL", "/\x00/evil.example", "/"},
		{"other C0 control", "/\x0b/evil.example", "/"},
		{"DEL", "/\x7f/evil.example", "/"},
		{"C1 control", "/\u0085/evil.example", "/"},
		{"space", "/ /evil.example", "/"},
		{"leading space", " //evil.example", "/"},
		{"no-break space", "/\u00a0/evil.example", "/"},
		{"ideographic space", "/\u3000/evil.example", "/"},
		{"invalid UTF-8", "/\xff/evil.example", "/"},
		{"user info", "//user@evil.example", "/"},
		{"too long", "/" + string(make([]byte, 3000)), "/"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, SafePath(tc.in))
		})
	}
}

// A path safePath lets through stays on the site once http.Redirect has made it a Location.
func TestSafePathRedirectsStayOnSite(t *testing.T) {
	for _, in := range []string{"/profile", "/./evil.example", "/..//evil.example", "/.//evil.example", "/%2F%2Fevil.example", "/a/../../evil.example"} {
		w := httptest.NewRecorder()
		http.Redirect(w, httptest.NewRequest(http.MethodPost, "http://alpha.vademecum.localhost/auth/login", nil), SafePath(in), http.StatusSeeOther)
		loc, err := url.Parse(w.Header().Get("Location"))
		if assert.NoError(t, err, in) {
			base, _ := url.Parse("http://alpha.vademecum.localhost/auth/login")
			assert.Equal(t, "alpha.vademecum.localhost", base.ResolveReference(loc).Host, in)
		}
	}
}
