package auth

import "net/http"

// What other ways of proving identity (single sign-on) share with the password sign-in:
// where to return to afterwards, and cookies that every space subdomain sees.

// SafePath keeps a return target on this site: an absolute path, never another host.
func SafePath(p string) string { return safePath(p) }

// Cookie is a cookie scoped like the session cookie: HttpOnly, SameSite=Lax, Secure over
// HTTPS, on the base domain when the request came to a host under it. A negative maxAge
// removes it.
func (h *Handler) Cookie(r *http.Request, name, value string, maxAge int) *http.Cookie {
	return h.newCookie(r, name, value, maxAge)
}
