/**
 * Saves text as a file through the browser's download (the web app and Electron alike: Electron
 * shows its save dialog for a download). The object URL is released once the click is dispatched.
 */
export function saveTextFile(filename: string, text: string, contentType: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the download has taken the URL by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
