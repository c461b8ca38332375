import type { ReactNode } from 'react';
import { MypageMenu } from './mypage-menu';

/** An account page: its title, the my-page menu beside it (below it on phones). */
export function MypageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <h1 className="page-title">{title}</h1>
      <div className="mypage-layout">
        <MypageMenu />
        <div>{children}</div>
      </div>
    </>
  );
}
