import { Link } from 'react-router';

export interface TabLink {
  key: string;
  to: string;
  label: string;
}

/** Route-driven tabs: each tab is a link, so the tab lives in the URL and the back button works. */
export function TabNav({ label, tabs, current }: { label: string; tabs: TabLink[]; current: string }) {
  return (
    <nav className="tab-nav" aria-label={label}>
      {tabs.map((tab) => (
        <Link key={tab.key} to={tab.to} replace className="tab-nav__item" aria-current={tab.key === current ? 'page' : undefined}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
