/**
 * Sends a file as the raw body of a request, reporting how much of it has gone. fetch cannot say
 * how far an upload is (a streamed request body needs HTTP/2), so this one call uses
 * XMLHttpRequest; what its answer becomes is the same as apiFetch's.
 */
import { messages } from '@storedesk/shared/messages';
import { ApiError, apiUrl, networkError, toApiError, type ApiRequest } from './api-client.ts';

export type UploadProgress = { loaded: number; total: number };

export type ApiUpload = {
  method?: 'POST' | 'PUT';
  query?: ApiRequest['query'];
  body: Blob;
  contentType: string;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

/** Resolves with the JSON answer as `T` when the call succeeded; rejects with an ApiError otherwise. */
export function apiUpload<T>(path: string, upload: ApiUpload): Promise<T> {
  const method = upload.method ?? 'POST';
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, apiUrl(path, upload.query));
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Content-Type', upload.contentType);
    request.upload.onprogress = (event) => {
      const total = event.lengthComputable ? event.total : upload.body.size;
      upload.onProgress?.({ loaded: event.loaded, total });
    };
    request.onload = () => {
      const response = new Response(request.status === 204 ? null : request.responseText, {
        status: request.status,
        headers: { 'Content-Type': request.getResponseHeader('Content-Type') ?? 'application/json' },
      });
      if (!response.ok) {
        void toApiError(response).then(reject);
        return;
      }
      response.json().then(
        (body) => resolve(body as T),
        () =>
          reject(
            new ApiError({
              status: response.status,
              code: 'invalid_response',
              message: messages.unknownError,
            }),
          ),
      );
    };
    request.onerror = () => reject(networkError(method));
    request.onabort = () => reject(new DOMException('The upload was stopped', 'AbortError'));
    if (upload.signal?.aborted) {
      reject(new DOMException('The upload was stopped', 'AbortError'));
      return;
    }
    upload.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(upload.body);
  });
}
