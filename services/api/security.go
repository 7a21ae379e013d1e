package api

import (
	"fmt"
	"net/http"
	"strings"
)

// ContentSecurityPolicy is what every page and answer may load and run. Scripts come only from
// the site's own files (the build has no inline script); styles may be inline because React,
// Radix and the stored guideline HTML (text-align) set style attributes and Radix's scroll
// lock adds a style element; images are the site's own, data: URLs (the CSS's icons) and
// blob: (previews of files being uploaded); guidelines embed videos only from the two
// privacy-friendly players the editor and the server's HTML allow-list accept.
const ContentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob:; media-src 'self' blob:; font-src 'self' data:; connect-src 'self'; " +
	"frame-src https://www.youtube-nocookie.com https://player.vimeo.com; worker-src 'self'; manifest-src 'self'; " +
	"object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// SecurityHeaders sets the headers every answer carries: the content security policy, no
// type sniffing, referrers without paths to other sites, and, when served over HTTPS, a year
// of HTTPS only. Handlers may replace them (downloads send a stricter policy).
func SecurityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", ContentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		if r.TLS != nil {
			h.Set("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
		}
		next.ServeHTTP(w, r)
	})
}

// CrossOriginProtection refuses state-changing requests (any method but GET, HEAD and
// OPTIONS) that a page of another origin sent, with 403 {"message":"auth.crossOrigin"}: a
// Sec-Fetch-Site other than same-origin or none, or else an Origin naming another host. A
// sibling space is same-site but another origin, so it is refused too: the session cookie
// is scoped to the base domain and would ride along. Requests with neither header (curl,
// other servers) pass; they carry no victim's cookie.
func CrossOriginProtection(next http.Handler) http.Handler {
	p := http.NewCrossOriginProtection()
	p.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		WriteError(r.Context(), w, ErrCrossOrigin.Wrap(fmt.Errorf("%s %s from origin %q, sec-fetch-site %q",
			r.Method, r.URL.Path, r.Header.Get("Origin"), strings.Join(r.Header.Values("Sec-Fetch-Site"), ","))))
	}))
	return p.Handler(next)
}
