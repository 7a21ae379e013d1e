// Package api holds what every service's transport shares: the route registrar that turns a
// typed service method into a go-kit endpoint behind its policy check, the JSON codec with
// id decoding, the spec's error bodies, and the request middleware (request id, logging,
// metrics, space resolution).
package api

import (
	"context"
	"net/http"
	"reflect"
	"sort"

	"github.com/go-kit/kit/endpoint"
	kithttp "github.com/go-kit/kit/transport/http"

	"vademecum/policy"
	"vademecum/tenancy"
)

// Authorizer decides whether the principal may call an endpoint in a space.
type Authorizer interface {
	Allowed(ctx context.Context, who policy.Principal, spaceID int64, obj, act string) (bool, error)
}

// Router registers endpoints under the spec's paths.
type Router struct {
	mux     *http.ServeMux
	routed  http.Handler
	authz   Authorizer
	objects []string
	calls   []Registration
	routes  []Route
	// Acting, if set, runs before every allowed call that may change something (mutations,
	// and handlers of methods other than GET), e.g. to record where a user acts.
	Acting func(context.Context) error
}

// NewRouter returns an empty router whose endpoints are guarded by authz. Paths under /api/
// that no endpoint serves, with any method, answer a JSON 404.
func NewRouter(authz Authorizer) *Router {
	mux := http.NewServeMux()
	mux.Handle("/api/", NotFoundHandler())
	return &Router{mux: mux, routed: Routed(mux), authz: authz}
}

// NotFoundHandler answers every request with the JSON 404 {"message":"not found"}, for the
// API's and sign-in's paths that nothing serves (rather than the web app's page).
func NotFoundHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { WriteError(r.Context(), w, ErrNotFound) })
}

// ServeHTTP serves the registered endpoints.
func (r *Router) ServeHTTP(w http.ResponseWriter, req *http.Request) { r.routed.ServeHTTP(w, req) }

// Registration is what Call records of one JSON call: where it is served, its policy
// object, the Go types of its request and response, and its body limit.
type Registration struct {
	Group, Kind, Name string
	Object            string
	Request, Response reflect.Type
	BodyLimit         int64
}

// Path is where the call is served.
func (c Registration) Path() string { return "/api/" + c.Object }

// Calls lists the registered JSON calls ordered by path.
func (r *Router) Calls() []Registration {
	out := append([]Registration(nil), r.calls...)
	sort.Slice(out, func(i, j int) bool { return out[i].Object < out[j].Object })
	return out
}

// Objects lists the policy object of every registered endpoint.
func (r *Router) Objects() []string {
	out := append([]string(nil), r.objects...)
	sort.Strings(out)
	return out
}

type callConfig struct {
	bodyLimit         int64
	accepts           []accepted
	request, response reflect.Type
}

// Option changes how one endpoint is served.
type Option func(*callConfig)

// BodyLimit sets the largest accepted request body.
func BodyLimit(n int64) Option { return func(c *callConfig) { c.bodyLimit = n } }

// Describes names the Go types of a plain handler's JSON request and answer for the API's
// description; nil for a body or an answer that is not JSON.
func Describes(request, response any) Option {
	return func(c *callConfig) { c.request, c.response = reflect.TypeOf(request), reflect.TypeOf(response) }
}

// Route is a plain HTTP route (downloads, uploads, streams, sign-in's JSON calls) as the
// API's description lists it; Request and Response are nil unless described as JSON.
type Route struct {
	Method, Path      string
	Object            string
	Request, Response reflect.Type
}

// Routes lists the described plain routes ordered by path and method.
func (r *Router) Routes() []Route {
	out := append([]Route(nil), r.routes...)
	sort.Slice(out, func(i, j int) bool {
		return out[i].Path < out[j].Path || out[i].Path == out[j].Path && out[i].Method < out[j].Method
	})
	return out
}

// Describe lists a JSON route served outside the router (by the sign-in pages' mux) in the
// API's description.
func (r *Router) Describe(method, path string, request, response any) {
	r.routes = append(r.routes, Route{Method: method, Path: path, Request: reflect.TypeOf(request), Response: reflect.TypeOf(response)})
}

// Call registers fn as POST /api/{group}/{kind}/{name}; group may name a sub-group such as
// "admin/spaceadmin". A body not declared as application/json is refused at once (415); the
// body is decoded into Req after the policy check, and the result is answered as JSON.
func Call[Req, Resp any](r *Router, group, kind, name string, fn func(context.Context, Req) (Resp, error), opts ...Option) {
	cfg := callConfig{bodyLimit: DefaultBodyLimit}
	for _, o := range opts {
		o(&cfg)
	}
	obj := group + "/" + kind + "/" + name
	r.calls = append(r.calls, Registration{Group: group, Kind: kind, Name: name, Object: obj,
		Request: reflect.TypeFor[Req](), Response: reflect.TypeFor[Resp](), BodyLimit: cfg.bodyLimit})
	var readOnly []*readOnly
	for _, a := range cfg.accepts {
		if ro := a.forRequest(reflect.TypeFor[Req]()); ro != nil {
			readOnly = append(readOnly, ro)
		}
	}
	var ep endpoint.Endpoint = func(ctx context.Context, raw any) (any, error) {
		body := raw.([]byte)
		for _, ro := range readOnly {
			body = ro.strip(body)
		}
		var req Req
		if err := decodeJSON(body, &req); err != nil {
			return nil, err
		}
		return fn(ctx, req)
	}
	if kind != "query" {
		ep = r.acting(ep)
	}
	ep = r.authorize(obj)(ep)
	decode := func(_ context.Context, req *http.Request) (any, error) {
		if err := requireJSON(req); err != nil {
			return nil, err
		}
		return readBody(req.Body, cfg.bodyLimit)
	}
	r.handle("POST /api/"+obj, obj, kithttp.NewServer(ep, decode, encodeJSON, kithttp.ServerErrorEncoder(encodeError)))
}

// Get registers a GET handler under pattern, guarded by the policy object obj.
func (r *Router) Get(pattern, obj string, h http.Handler, opts ...Option) {
	r.Handle(http.MethodGet, pattern, obj, h, opts...)
}

// Handle registers a plain HTTP handler (downloads, uploads) for method and pattern, guarded
// by the policy object obj; Describes names its JSON types for the API's description.
func (r *Router) Handle(method, pattern, obj string, h http.Handler, opts ...Option) {
	var cfg callConfig
	for _, o := range opts {
		o(&cfg)
	}
	r.routes = append(r.routes, Route{Method: method, Path: pattern, Object: obj, Request: cfg.request, Response: cfg.response})
	var ep endpoint.Endpoint = func(ctx context.Context, req any) (any, error) {
		h.ServeHTTP(req.(rawRequest).w, req.(rawRequest).r)
		return nil, nil
	}
	if method != http.MethodGet {
		ep = r.acting(ep)
	}
	guarded := r.authorize(obj)(ep)
	r.handle(method+" "+pattern, obj, http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if _, err := guarded(req.Context(), rawRequest{w, req}); err != nil {
			WriteError(req.Context(), w, err)
		}
	}))
}

type rawRequest struct {
	w http.ResponseWriter
	r *http.Request
}

func (r *Router) handle(pattern, obj string, h http.Handler) {
	r.mux.Handle(pattern, h)
	r.objects = append(r.objects, obj)
}

// acting runs Acting before next.
func (r *Router) acting(next endpoint.Endpoint) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		if r.Acting != nil {
			if err := r.Acting(ctx); err != nil {
				return nil, err
			}
		}
		return next(ctx, req)
	}
}

// authorize is the endpoint middleware that applies the permission table: anonymous callers
// without the right get 401 (the UI sends them to sign in), signed-in ones 403.
func (r *Router) authorize(obj string) endpoint.Middleware {
	return func(next endpoint.Endpoint) endpoint.Endpoint {
		return func(ctx context.Context, req any) (any, error) {
			who := policy.PrincipalFrom(ctx)
			ok, err := r.authz.Allowed(ctx, who, tenancy.SpaceID(ctx), obj, policy.ActCall)
			if err != nil {
				return nil, err
			}
			if !ok {
				if who.Anonymous() {
					return nil, ErrUnauthorized
				}
				return nil, ErrForbidden
			}
			return next(ctx, req)
		}
	}
}

func encodeJSON(_ context.Context, w http.ResponseWriter, resp any) error {
	WriteJSON(w, http.StatusOK, resp)
	return nil
}

func encodeError(ctx context.Context, err error, w http.ResponseWriter) { WriteError(ctx, w, err) }
