/**
 * A file's contents read in the browser: as text, or as a data: URL (a cover's preview; the
 * page's CSP allows data: images). jsdom's Blob has no text(), so tests read bodies this way too.
 */
export function readFile(file: Blob, as: 'text' | 'dataUrl'): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    if (as === 'text') reader.readAsText(file);
    else reader.readAsDataURL(file);
  });
}
