import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { trackLastFocus } from '../lib/last-focus';
import { Modal } from './modal';

afterEach(cleanup);

function Dialog({ onClose = () => undefined }: { onClose?: () => void }) {
  return (
    <Modal title="テスト" open onClose={onClose}>
      <label>
        名前 <input name="name" />
      </label>
      <label>
        <input type="radio" name="pick" value="a" /> A
      </label>
      <label>
        <input type="radio" name="pick" value="b" defaultChecked /> B
      </label>
      <button type="button">送る</button>
    </Modal>
  );
}

function Owner({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(false)}>
        remove
      </button>
      {open ? <Dialog onClose={onClose} /> : null}
    </>
  );
}

/** The header's account corner: the dialog's outcome replaces its ログイン button, now or later. */
function AccountCorner({ replaceLate }: { replaceLate: boolean }) {
  const [open, setOpen] = useState(false);
  const [member, setMember] = useState(false);
  const loggedIn = () => {
    setOpen(false);
    if (replaceLate) setTimeout(() => setMember(true), 50);
    else setMember(true);
  };
  return (
    <>
      <nav aria-label="会員メニュー">
        {member ? (
          <a href="/mypage">マイページ</a>
        ) : (
          <button type="button" onClick={() => setOpen(true)}>
            ログイン
          </button>
        )}
        <a href="/cart">カート</a>
      </nav>
      <Modal title="ログイン" open={open} onClose={() => setOpen(false)}>
        <button type="button" onClick={loggedIn}>
          ログインする
        </button>
      </Modal>
    </>
  );
}

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      {open ? (
        <Modal title="テスト" open onClose={() => setOpen(false)}>
          <p>本文</p>
        </Modal>
      ) : null}
    </>
  );
}

/** Opens its dialog after an awaited request, its button disabled meanwhile (カートに入れる). */
function SlowOpener({ request }: { request: Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          await request;
          setBusy(false);
          setOpen(true);
        }}
      >
        add
      </button>
      {open ? (
        <Modal title="カート" open onClose={() => setOpen(false)}>
          <p>追加しました</p>
        </Modal>
      ) : null}
    </>
  );
}

/** A dialog whose field arrives after it opened (a route dialog loading its page). */
function Late() {
  const [loaded, setLoaded] = useState(false);
  return (
    <Modal title="読み込み" open onClose={() => undefined}>
      {loaded ? (
        <label>
          カード番号 <input name="number" />
        </label>
      ) : (
        <button type="button" onClick={() => setLoaded(true)}>
          load
        </button>
      )}
    </Modal>
  );
}

describe('Modal', () => {
  it('is a dialog named by its title with a close button', () => {
    const onClose = vi.fn();
    render(<Dialog onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'テスト' });
    fireEvent.click(screen.getByRole('button', { name: '閉じる' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('opens on its first field, not on the close button', () => {
    render(<Dialog />);
    expect(document.activeElement).toBe(screen.getByRole('textbox'));
  });

  it('opens on its first control after × when it has no field', () => {
    render(
      <Modal title="確認" open onClose={() => undefined}>
        <p>本文</p>
        <button type="button">はい</button>
      </Modal>,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'はい' }));
  });

  it('moves the cursor to a field that arrives after it opened, until the shopper acts', async () => {
    render(<Late />);
    const load = screen.getByRole('button', { name: 'load' });
    // The content changes with no key or pointer event in the dialog (as a route's page loading).
    act(() => load.click());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox')));
  });

  it('keeps Tab inside: from the last stop to the first and back', () => {
    render(<Dialog />);
    const dialog = screen.getByRole('dialog');
    const close = screen.getByRole('button', { name: '閉じる' });
    const send = screen.getByRole('button', { name: '送る' });
    send.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(send);
    // In between, Tab is the browser's: nothing is moved.
    screen.getByRole('textbox').focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('textbox'));
  });

  it('tells the owner when the browser closes it by itself, not when it is unmounted', () => {
    const onClose = vi.fn();
    render(<Owner onClose={onClose} />);
    // A repeated Esc the browser does not let the page refuse: no cancelable cancel, then close.
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: false }));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent(screen.getByRole('dialog'), new Event('close'));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'remove' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('returns focus to the element that opened it', () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'open' });
    opener.focus();
    fireEvent.click(opener);
    screen.getByRole('button', { name: '閉じる' }).focus();
    fireEvent.click(screen.getByRole('button', { name: '閉じる' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('returns focus to the button that was disabled while the request that opened it ran', async () => {
    trackLastFocus();
    let finish: () => void = () => undefined;
    const request = new Promise<void>((resolve) => {
      finish = resolve;
    });
    render(<SlowOpener request={request} />);
    const button = screen.getByRole('button', { name: 'add' });
    button.focus();
    fireEvent.click(button);
    // Disabled, the button has lost the focus (jsdom, like browsers, moves it to <body>).
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    button.blur();
    await act(async () => finish());
    const dialog = await screen.findByRole('dialog');
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  describe("when the dialog's outcome replaces its opener (ログイン becomes マイページ)", () => {
    for (const replaceLate of [false, true]) {
      it(`${replaceLate ? 'later' : 'as it closes'}: the focus goes to the first control of the opener's part of the page`, async () => {
        render(<AccountCorner replaceLate={replaceLate} />);
        const opener = screen.getByRole('button', { name: 'ログイン' });
        opener.focus();
        fireEvent.click(opener);
        fireEvent.click(await screen.findByRole('button', { name: 'ログインする' }));
        await waitFor(() => expect(document.activeElement).toBe(screen.getByText('マイページ')));
      });
    }

    it('leaves the focus where the shopper put it meanwhile', async () => {
      render(<AccountCorner replaceLate />);
      const opener = screen.getByRole('button', { name: 'ログイン' });
      opener.focus();
      fireEvent.click(opener);
      fireEvent.click(await screen.findByRole('button', { name: 'ログインする' }));
      screen.getByRole('link', { name: 'カート' }).focus();
      await screen.findByText('マイページ');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(document.activeElement).toBe(screen.getByRole('link', { name: 'カート' }));
    });
  });
});
