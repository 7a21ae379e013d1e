package main

import (
	"context"
	"fmt"
	"io"
	"net"

	"vademecum/services/spaces"
	"vademecum/services/users"
)

type demoAccount struct {
	user  users.NewUser
	space string
	admin bool
	role  string
}

// seedDemo fills an empty database with demo spaces and accounts and prints how to reach them.
func seedDemo(ctx context.Context, a *app, cfg config, out io.Writer) error {
	var spacesN, usersN int
	if err := a.registry.DB().Control().QueryRow(ctx, "SELECT (SELECT count(*) FROM control.spaces), (SELECT count(*) FROM control.users)").Scan(&spacesN, &usersN); err != nil {
		return err
	}
	demoSpaces := []spaces.SpaceInput{
		{Title: "Kantonsspital St. Gallen", Subdomain: "kssg", Color: "#c8102e", AccentColor: "#7a0019", EmailDomains: []string{"kssg.ch"}, LPVisible: true, Public: true, Position: 0},
		{Title: "Inselspital Bern", Subdomain: "insel", Color: "#0067a5", AccentColor: "#003b5c", EmailDomains: []string{"insel.ch"}, LPVisible: true, Position: 1},
		{Title: "Hôpitaux universitaires de Genève", Subdomain: "hug", Color: "#00857c", AccentColor: "#00524c", EmailDomains: []string{"hcuge.ch"}, LPVisible: true, Position: 2},
		{Title: "Swiss Society of General Internal Medicine", Subdomain: "sgaim", Color: "#6b3fa0", AccentColor: "#3f2160", LPVisible: true, National: true, Public: true, Position: 0},
	}
	accounts := []demoAccount{
		{users.NewUser{Email: "admin@vademecum.localhost", Password: "admin", Firstname: "Ada", Lastname: "Admin", SuperAdmin: true, Verified: true}, "", false, "super admin"},
		{users.NewUser{Email: "anna.admin@kssg.ch", Password: "demo", Firstname: "Anna", Lastname: "Keller", Verified: true}, "kssg", true, "space admin of kssg"},
		{users.NewUser{Email: "max.member@kssg.ch", Password: "demo", Firstname: "Max", Lastname: "Muster", Verified: true}, "kssg", false, "member of kssg, author"},
		{users.NewUser{Email: "vera.validator@kssg.ch", Password: "demo", Firstname: "Vera", Lastname: "Graf", Verified: true}, "kssg", false, "validator in kssg"},
		{users.NewUser{Email: "ines.admin@insel.ch", Password: "demo", Firstname: "Ines", Lastname: "Bühler", Verified: true}, "insel", true, "space admin of insel"},
		{users.NewUser{Email: "luca.member@hcuge.ch", Password: "demo", Firstname: "Luca", Lastname: "Rossi", Verified: true}, "hug", false, "member of hug"},
		{users.NewUser{Email: "uma.unverified@kssg.ch", Password: "demo", Firstname: "Uma", Lastname: "Neu"}, "", false, "e-mail not verified yet"},
	}
	if spacesN == 0 && usersN == 0 {
		ids := map[string]int64{}
		for _, in := range demoSpaces {
			sp, err := a.spaces.Create(ctx, in)
			if err != nil {
				return err
			}
			ids[sp.Subdomain] = sp.ID
		}
		people := map[string]int64{}
		for _, acc := range accounts {
			id, err := a.users.Create(ctx, acc.user)
			if err != nil {
				return err
			}
			people[acc.user.Email] = id
			if acc.space != "" {
				if err := a.users.AddMember(ctx, ids[acc.space], acc.user.Email, acc.admin); err != nil {
					return err
				}
			}
		}
		if err := seedGuidelines(ctx, a, ids["kssg"], people); err != nil {
			return err
		}
	}
	_, port, _ := net.SplitHostPort(cfg.Addr)
	suffix := ""
	if port != "" && port != "80" {
		suffix = ":" + port
	}
	fmt.Fprintf(out, "\nVademecum is running.\n  Landing site: http://www.%s%s\n", cfg.BaseDomain, suffix)
	all, err := a.registry.List(ctx)
	if err != nil {
		return err
	}
	for _, sp := range all {
		fmt.Fprintf(out, "  %-40s http://%s.%s%s\n", sp.Title, sp.Subdomain, cfg.BaseDomain, suffix)
	}
	if spacesN == 0 && usersN == 0 {
		fmt.Fprintln(out, "\nDemo accounts (e-mail / password):")
		for _, acc := range accounts {
			fmt.Fprintf(out, "  %-28s %-6s %s\n", acc.user.Email, acc.user.Password, acc.role)
		}
	} else {
		fmt.Fprintln(out, "\nThe database already held data, so no demo data was added. Demo accounts use the password 'demo' (admin@vademecum.localhost: 'admin').")
	}
	fmt.Fprintln(out)
	return nil
}
