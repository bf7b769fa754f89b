import type { WebConfig } from '@geoportal/contract/web-config';
import { createContext } from 'react-router';

/** The server's configuration for the web app, set by the server for each rendered request. */
export const webConfigContext = createContext<WebConfig>();

/** Facts about the one request being rendered, set by the server. */
export interface RequestInfo {
  /** Nonce of the response's Content-Security-Policy; every inline script carries it. */
  nonce: string;
}

export const requestInfoContext = createContext<RequestInfo>({ nonce: '' });

/** The part of `WebConfig` the browser may see (the SSR base is an internal address). */
export type ClientConfig = Omit<WebConfig, 'ssrApiBase'>;

export function toClientConfig({ ssrApiBase: _internal, ...client }: WebConfig): ClientConfig {
  return client;
}
