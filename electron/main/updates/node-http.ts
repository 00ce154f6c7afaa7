// electron-updater's HTTP client for Node (the command line and the tests); in the app, its own
// client on Electron's network stack is used. Downloads go through builder-util-runtime's
// `doDownload`, which checks the file's sha512 against the feed's as it is written.
import { request as httpRequest, type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { configureRequestOptions, configureRequestUrl, HttpExecutor, type DownloadOptions } from 'builder-util-runtime';

export class NodeHttp extends HttpExecutor<ClientRequest> {
  /** `tls`: options for every HTTPS request (a test's own CA). */
  constructor(private readonly tls: Pick<RequestOptions & { ca?: string | Buffer }, 'ca'> = {}) {
    super();
  }

  createRequest(options: RequestOptions, callback: (response: IncomingMessage) => void): ClientRequest {
    return options.protocol === 'http:'
      ? httpRequest(options, callback)
      : httpsRequest({ ...options, ...this.tls }, callback);
  }

  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise((resolve, reject, onCancel) => {
      const requestOptions: RequestOptions = { headers: options.headers ?? undefined };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        {
          destination,
          options,
          onCancel,
          callback: (error) => (error ? reject(error) : resolve(destination)),
          responseHandler: null,
        },
        0,
      );
    });
  }
}
