import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../lib/api';
import { Loaded } from './loaded';

const shown = (data: { title: string }) => <h1>{data.title}</h1>;

describe('Loaded', () => {
  it('shows 読み込み中 while the query loads, and nothing of the data', () => {
    render(<Loaded query={{ status: 'loading', reload: () => {} }}>{shown}</Loaded>);
    expect(screen.getByRole('status').textContent).toBe('読み込み中…');
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('shows a failure’s Japanese message with a retry that reloads the query', () => {
    const reload = vi.fn();
    const error = new ApiRequestError(503, 'database_unavailable', 'ただいま混み合っています。');
    render(<Loaded query={{ status: 'error', error, reload }}>{shown}</Loaded>);
    expect(screen.getByRole('alert').textContent).toContain('ただいま混み合っています。');
    fireEvent.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('gives the loaded data to its children', () => {
    render(
      <Loaded query={{ status: 'ok', data: { title: '注文一覧' }, reload: () => {} }}>
        {shown}
      </Loaded>,
    );
    expect(screen.getByRole('heading', { name: '注文一覧' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
