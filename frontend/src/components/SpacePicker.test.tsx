import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import type { SpaceOption, SpaceResults, SpaceSearchHook } from '../lib/spaceSearch';
import { SpacePicker, SpaceSearch } from './SpacePicker';

const kssg = { id: 1, title: 'Kantonsspital St. Gallen', subdomain: 'kssg' };
const insel = { id: 2, title: 'Inselspital Bern', subdomain: 'insel' };
const hug = { id: 3, title: 'Hôpitaux universitaires de Genève', subdomain: 'hug' };
const far = { id: 9001, title: 'Spital Zweisimmen', subdomain: 'zweisimmen' };

/** A server answer per query; what the picker asked for, in order. */
function fakeSearch(answers: Record<string, SpaceResults | 'error' | 'pending'>) {
  const asked: string[] = [];
  const useSearch: SpaceSearchHook = (query, enabled) => {
    if (!enabled) return { isFetching: false, isError: false };
    if (asked.at(-1) !== query) asked.push(query);
    const answer = answers[query] ?? { spaces: [], total: 0 };
    if (answer === 'error') return { isFetching: false, isError: true };
    if (answer === 'pending') return { isFetching: true, isError: false };
    return { data: answer, isFetching: false, isError: false };
  };
  return { useSearch, asked };
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('SpaceSearch', () => {
  it('asks nothing before it is used, then the first page, then the typed text once typing pauses', async () => {
    const { useSearch, asked } = fakeSearch({ '': { spaces: [kssg, insel], total: 10_000 }, gen: { spaces: [hug], total: 1 } });
    render(<SpaceSearch label="Space" useSearch={useSearch} onPick={() => undefined} />);
    expect(asked).toEqual([]);
    const box = screen.getByRole('combobox', { name: 'Space' });
    await userEvent.click(box);
    const list = screen.getByRole('listbox', { name: 'Space' });
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['Kantonsspital St. Gallenkssg', 'Inselspital Berninsel']);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 2 of 10000 – keep typing to narrow down');
    await userEvent.type(box, 'gen');
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(1));
    expect(asked).toEqual(['', 'gen']);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('moves with the arrow keys past spaces that cannot be chosen, picks with enter and closes with escape', async () => {
    const onPick = vi.fn();
    const { useSearch } = fakeSearch({ '': { spaces: [kssg, insel, hug], total: 3 } });
    render(<SpaceSearch label="Space" useSearch={useSearch} onPick={onPick} disabledReason={(s) => (s.id === 2 ? 'This space' : undefined)} />);
    const box = screen.getByRole('combobox', { name: 'Space' });
    await userEvent.click(box);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('option', { name: /Inselspital/ })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: /Inselspital/ })).toHaveTextContent('This space');

    await userEvent.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /Kantonsspital/ }).id);
    await userEvent.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /Genève/ }).id);
    await userEvent.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /Kantonsspital/ }).id);
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(onPick).toHaveBeenCalledWith(hug);
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await userEvent.type(box, 'x');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('x');
    await userEvent.keyboard('{Escape}');
    expect(box).toHaveValue('');
    // a click on a space that cannot be chosen does nothing
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('option', { name: /Inselspital/ }));
    expect(onPick).toHaveBeenCalledTimes(1);
  });

  it('says when it is loading, found nothing or failed', async () => {
    const { useSearch } = fakeSearch({ '': 'pending', none: { spaces: [], total: 0 }, boom: 'error' });
    render(<SpaceSearch label="Space" useSearch={useSearch} onPick={() => undefined} />);
    const box = screen.getByRole('combobox', { name: 'Space' });
    await userEvent.click(box);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.getByRole('listbox')).toHaveAttribute('aria-busy', 'true');
    await userEvent.type(box, 'none');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No items found'));
    await userEvent.clear(box);
    await userEvent.type(box, 'boom');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The search failed. Please try again.'));
  });

  it('does not submit the form around it when enter chooses', async () => {
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    const { useSearch } = fakeSearch({ '': { spaces: [kssg], total: 1 } });
    render(
      <form onSubmit={onSubmit}>
        <SpaceSearch label="Space" useSearch={useSearch} onPick={() => undefined} />
      </form>,
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Space' }));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

function Controlled({ initial, multiple, useSearch }: { initial: SpaceOption[]; multiple?: boolean; useSearch: SpaceSearchHook }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <SpacePicker label="Spaces" multiple={multiple} useSearch={useSearch} value={value} onChange={setValue} />
      <output data-testid="value">{value.map((s) => s.id).join(',')}</output>
    </>
  );
}

describe('SpacePicker', () => {
  it('shows the chosen space even when no page holds it, and replaces it with the box when removed', async () => {
    const { useSearch } = fakeSearch({ '': { spaces: [kssg, insel], total: 2 } });
    render(<Controlled initial={[far]} useSearch={useSearch} />);
    expect(screen.getByRole('group', { name: 'Spaces' })).toHaveTextContent('Spital Zweisimmen');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Spital Zweisimmen' }));
    expect(screen.getByTestId('value')).toHaveTextContent('');
    const box = screen.getByRole('combobox', { name: 'Spaces' });
    expect(box).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('2');
    expect(screen.getByRole('button', { name: 'Remove Inselspital Bern' })).toHaveFocus();
  });

  it('chooses several: the chosen ones are chips and cannot be chosen twice', async () => {
    const { useSearch } = fakeSearch({ '': { spaces: [kssg, insel], total: 2 } });
    render(<Controlled initial={[far, kssg]} multiple useSearch={useSearch} />);
    const chips = screen.getByRole('list', { name: 'Spaces: chosen' });
    expect(within(chips).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Spital Zweisimmen', 'Kantonsspital St. Gallen']);
    await userEvent.click(screen.getByRole('combobox', { name: 'Spaces' }));
    expect(screen.getByRole('option', { name: /Kantonsspital/ })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: /Kantonsspital/ })).toHaveTextContent('Already added');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('9001,1,2');
    // removing a chip moves the focus to the next one
    await userEvent.click(screen.getByRole('button', { name: 'Remove Spital Zweisimmen' }));
    expect(screen.getByTestId('value')).toHaveTextContent('1,2');
    await act(async () => undefined);
    expect(screen.getByRole('button', { name: 'Remove Kantonsspital St. Gallen' })).toHaveFocus();
  });
});
