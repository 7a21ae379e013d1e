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

/** Route-driven tabs: each tab is a link, so the tab lives in the URL and the back button works. */
export function TabNav({ label, tabs, current }: { label: string; tabs: TabLink[]; current: string }) {
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
    </nav>
  );
}
