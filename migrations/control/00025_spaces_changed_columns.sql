-- +goose Up
-- Processes drop their cached space lookups when control.spaces changes (00021). Only the
-- columns that lookups read make a change worth announcing: the size measurements every ten
-- minutes and the move bookkeeping no longer empty every process's cache.
DROP TRIGGER spaces_changed ON control.spaces;
CREATE TRIGGER spaces_changed AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF
	subdomain, title, color, accent_color, email_domains, tags, variables, lpvisible, national,
	public, position, status, cluster, schema_name, updated_at, self_signup,
	admins_need_second_factor, database_name, role_name, schema_version
	ON control.spaces FOR EACH STATEMENT EXECUTE FUNCTION control.announce_spaces_changed();

-- +goose Down
DROP TRIGGER spaces_changed ON control.spaces;
CREATE TRIGGER spaces_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON control.spaces
	FOR EACH STATEMENT EXECUTE FUNCTION control.announce_spaces_changed();
