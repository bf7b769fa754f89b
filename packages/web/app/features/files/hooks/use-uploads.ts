import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError } from '../../../lib/http/transfer';
import { useTransfer } from '../../../lib/http/use-transfer';
import { uploadFile } from '../api/upload-file';
import { checkUpload, type UploadProblem } from '../model/check-upload';

/** Where one chosen file stands. */
export type UploadStatus =
  | 'invalid' // refused before sending (name or size)
  | 'queued'
  | 'uploading' // bytes on their way; `percent` counts them
  | 'processing' // all bytes sent, the server stores and checks the file
  | 'done'
  | 'failed'
  | 'cancelled';

export interface UploadItem {
  key: string;
  /** The file's name as chosen. */
  name: string;
  size: number;
  bundle: string;
  status: UploadStatus;
  /** Whole percent of the bytes sent (SPEC §9). */
  percent: number;
  /** Why it was refused before sending. */
  problem?: UploadProblem;
  /** The server's or the network's failure. */
  error?: unknown;
}

/** How many files travel at once: enough to use the line, few enough to finish some early. */
const PARALLEL = 2;

interface Entry {
  item: UploadItem;
  file: File;
  path: string;
  controller?: AbortController;
}

let nextKey = 0;

/**
 * The upload list: files are checked when chosen, the valid ones wait in a queue and go
 * `PARALLEL` at a time, each with its own progress and cancel. `onUploaded` runs after each
 * stored file (the page then reads the bundles again). Leaving the page cancels what is still
 * on its way.
 */
export function useUploads(
  id: string,
  { maxBytes, onUploaded }: { maxBytes?: number; onUploaded: () => void },
) {
  const transfer = useTransfer();
  const entries = useRef<Entry[]>([]);
  const [items, setItems] = useState<UploadItem[]>([]);
  const latest = useRef({ transfer, onUploaded, id });
  latest.current = { transfer, onUploaded, id };

  const publish = useCallback(() => setItems(entries.current.map((entry) => entry.item)), []);

  const update = useCallback(
    (key: string, patch: Partial<UploadItem>) => {
      const entry = entries.current.find((candidate) => candidate.item.key === key);
      if (!entry) return;
      entry.item = { ...entry.item, ...patch };
      publish();
    },
    [publish],
  );

  const pump = useCallback(() => {
    const active = entries.current.filter(
      (entry) => entry.item.status === 'uploading' || entry.item.status === 'processing',
    ).length;
    const waiting = entries.current.filter((entry) => entry.item.status === 'queued');
    for (const entry of waiting.slice(0, Math.max(0, PARALLEL - active))) {
      const controller = new AbortController();
      entry.controller = controller;
      const { key } = entry.item;
      update(key, { status: 'uploading', percent: 0 });
      const { transfer: current, id: objectId } = latest.current;
      uploadFile(current, objectId, entry.item.bundle, entry.file, entry.path, {
        signal: controller.signal,
        onProgress: (percent) =>
          update(key, percent >= 100 ? { percent: 100, status: 'processing' } : { percent }),
      })
        .then(
          () => {
            update(key, { status: 'done', percent: 100 });
            latest.current.onUploaded();
          },
          (error: unknown) =>
            update(
              key,
              isAbortError(error) ? { status: 'cancelled' } : { status: 'failed', error },
            ),
        )
        .finally(() => {
          entry.controller = undefined;
          pump();
        });
    }
  }, [update]);

  /** Checks the chosen files and queues the valid ones for `bundle`. */
  const add = useCallback(
    (files: readonly File[], bundle: string) => {
      for (const file of files) {
        const check = checkUpload(file, maxBytes);
        const item: UploadItem = {
          key: `upload-${++nextKey}`,
          name: file.name,
          size: file.size,
          bundle,
          status: check.ok ? 'queued' : 'invalid',
          percent: 0,
          problem: check.ok ? undefined : check.problem,
        };
        entries.current.push({ item, file, path: check.ok ? check.path : file.name });
      }
      publish();
      pump();
    },
    [maxBytes, publish, pump],
  );

  /** Lists refused entries (folders dropped) without a file behind them. */
  const refuse = useCallback(
    (name: string, bundle: string, problem: UploadProblem) => {
      const item: UploadItem = {
        key: `upload-${++nextKey}`,
        name,
        size: 0,
        bundle,
        status: 'invalid',
        percent: 0,
        problem,
      };
      entries.current.push({ item, file: new File([], name), path: name });
      publish();
    },
    [publish],
  );

  /** Stops a file: aborts its request, or takes it out of the queue. */
  const cancel = useCallback(
    (key: string) => {
      const entry = entries.current.find((candidate) => candidate.item.key === key);
      if (!entry) return;
      if (entry.controller) entry.controller.abort();
      else if (entry.item.status === 'queued') update(key, { status: 'cancelled' });
    },
    [update],
  );

  /** Removes a finished, failed, refused or cancelled file from the list. */
  const dismiss = useCallback(
    (key: string) => {
      entries.current = entries.current.filter((entry) => entry.item.key !== key);
      publish();
    },
    [publish],
  );

  /** Removes every entry that is no longer on its way. */
  const clearFinished = useCallback(() => {
    entries.current = entries.current.filter((entry) =>
      ['queued', 'uploading', 'processing'].includes(entry.item.status),
    );
    publish();
  }, [publish]);

  useEffect(
    () => () => {
      for (const entry of entries.current) entry.controller?.abort();
    },
    [],
  );

  return { items, add, refuse, cancel, dismiss, clearFinished };
}
