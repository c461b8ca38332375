import { ROUTES } from '@shop/rules';
import { DevNav } from '../../features/dev/components/dev-nav';
import { SnackbarPlayground } from '../../features/dev/components/snackbar-playground';

export default function DevSnackbarPage() {
  return (
    <>
      <h1 className="page-title">{ROUTES.devSnackbar.title}</h1>
      <DevNav current="devSnackbar" />
      <SnackbarPlayground />
    </>
  );
}
