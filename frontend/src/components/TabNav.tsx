import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

export interface TabLink {
  key: string;
  to: string;
  label: string;
  /** Count shown beside the label when above zero (e.g. pending requests). */
  badge?: number;
  /** Spoken form of the badge, e.g. "2 pending"; defaults to the number. */
  badgeLabel?: string;
}

/** Tabs of less frequent work, behind one menu after the others. */
export interface MoreTabs {
  /** the menu's visible name, e.g. "Mehr" */
  label: string;
  tabs: TabLink[];
}

/**
 * Route-driven tabs: each tab is a link, so the tab lives in the URL and the back button works.
 * With more, the rarer tabs sit in a menu after the others; when one of them is open, the menu's
 * trigger is marked current and names it.
 */
export function TabNav({ label, tabs, current, more }: { label: string; tabs: TabLink[]; current: string; more?: MoreTabs }) {
  const navRef = useRef<HTMLElement>(null);

  // On narrow screens the row scrolls sideways: keep the current tab in view.
  useEffect(() => {
    const nav = navRef.current;
    const active = nav?.querySelector('[aria-current="page"]');
    if (!nav || !active) return;
    const box = nav.getBoundingClientRect();
    const tab = active.getBoundingClientRect();
    if (tab.left < box.left || tab.right > box.right) nav.scrollLeft += tab.left - box.left - 16;
  }, [current]);

  return (
    <nav className="tab-nav" aria-label={label} ref={navRef}>
      {tabs.map((tab) => {
        const badge = tab.badge !== undefined && tab.badge > 0;
        return (
          <Link key={tab.key} to={tab.to} replace className="tab-nav__item" aria-current={tab.key === current ? 'page' : undefined}>
            {/* the space keeps the spoken name "Requests (2 pending)" apart */}
            {badge ? `${tab.label} ` : tab.label}
            {badge && (
              <>
                <span className="badge tab-nav__badge" aria-hidden="true">
                  {tab.badge}
                </span>
                <span className="visually-hidden">{`(${tab.badgeLabel ?? String(tab.badge)})`}</span>
              </>
            )}
          </Link>
        );
      })}
      {more && more.tabs.length > 0 && <MoreMenu more={more} current={current} />}
    </nav>
  );
}

function MoreMenu({ more, current }: { more: MoreTabs; current: string }) {
  const open = more.tabs.find((tab) => tab.key === current);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="tab-nav__item tab-nav__more" aria-current={open ? 'page' : undefined}>
        {open ? `${more.label}: ${open.label}` : more.label}
        <span aria-hidden="true" className="tab-nav__chevron">
          ▾
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={4}>
          {more.tabs.map((tab) => (
            <DropdownMenu.Item key={tab.key} asChild className="menu__item">
              <Link to={tab.to} replace aria-current={tab.key === current ? 'page' : undefined}>
                {tab.label}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
