package tenancy

import "context"

// spacesChannel is where PostgreSQL announces every change to control.spaces (a trigger of
// the control schema), whichever process made it, and where changes of custom domains are
// announced (announceSpaces).
const spacesChannel = "vademecum_spaces"

// Listen drops the cached lookups whenever any process changes a space, until ctx ends, so
// that a space suspended, resumed, moved or deleted, or a custom domain verified or removed, through one replica is seen so by every
// other on its next request rather than after the cache's time to live.
func (r *Registry) Listen(ctx context.Context) {
	Listen(ctx, r.db.Control(), spacesChannel, r.Forget, func(string) { r.Forget() })
}
