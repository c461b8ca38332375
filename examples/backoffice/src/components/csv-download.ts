import { api, errorMessage, type Query } from '../lib/api';
import { saveFile } from '../lib/save-file';
import { useToast } from './toast';

/**
 * A CSV the API writes (the catalog, 予約集計), saved as the browser's own download under `name`;
 * a failure is told in a toast with the API's message, and nothing is saved.
 */
export function useCsvDownload() {
  const toast = useToast();
  return async (path: string, name: string, query?: Query) => {
    try {
      saveFile(await api.download(path, query), name);
    } catch (error) {
      toast({
        title: 'CSVをダウンロードできませんでした',
        description: errorMessage(error),
        tone: 'error',
      });
    }
  };
}
