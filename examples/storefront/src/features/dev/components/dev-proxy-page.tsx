import { ROUTES } from '@shop/rules';
import type { ApiProbe } from '../api/probe-api';
import { DevNav } from './dev-nav';

/** The API's answers to the server's in-process probes. */
export function DevProxyPage({ data }: { data: { probes: ApiProbe[] } }) {
  return (
    <>
      <h1 className="page-title">{ROUTES.devProxy.title}</h1>
      <DevNav current="devProxy" />
      <p>
        ストアフロントのサーバーは API を同じプロセスで呼び出します（ネットワークを経由しません）。
        ブラウザからの /api/ へのリクエストも同じポートで API が応答します。
      </p>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">パス</th>
            <th scope="col">結果</th>
            <th scope="col">時間</th>
          </tr>
        </thead>
        <tbody>
          {data.probes.map((probe) => (
            <tr key={probe.path}>
              <td>
                <code>{probe.path}</code>
              </td>
              <td>
                {probe.ok ? 'OK' : 'エラー'}: <code>{probe.detail}</code>
              </td>
              <td>{probe.milliseconds} ms</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
