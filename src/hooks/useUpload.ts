import { useTranslate } from '@refinedev/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { STORAGE_LIMITS, type FileRef } from '../domain';
import { type CompleteUpload, UploadError, uploadFile } from './storageUpload';
import { errorText } from '../providers/notificationProvider';
import { useApiCall, useUploadPart } from './useApi';

export type UploadStatus = 'idle' | 'uploading' | 'done' | 'error';

export interface UploadState {
  status: UploadStatus;
  percent: number;
  fileName: string | null;
  error: string | null;
}

const IDLE: UploadState = { status: 'idle', percent: 0, fileName: null, error: null };

/** Runs the storage flow for one file at a time, with progress, a Portuguese error and cancel. */
export const useUpload = (admSlug: string, onDone?: (file: FileRef) => void) => {
  const call = useApiCall();
  const putPart = useUploadPart();
  const t = useTranslate();
  const [state, setState] = useState<UploadState>(IDLE);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const describe = useCallback(
    (e: unknown): string => {
      if (e instanceof UploadError) {
        const mb = Math.round(STORAGE_LIMITS.maxFileBytes / (1024 * 1024));
        const base = t(`upload.errors.${e.problem}`, { mb });
        // A server message adds what the catalogue knows (storage error, too large…).
        return e.serverMessage && e.problem !== 'aborted' ? `${base} ${errorText(e.serverMessage)}` : base;
      }
      return t('upload.errors.part');
    },
    [t],
  );

  /** `complete` replaces upload_finalize for this upload (see CompleteUpload). */
  const start = useCallback(
    async (file: File, { complete }: { complete?: CompleteUpload } = {}): Promise<FileRef | null> => {
      controller.current?.abort();
      const ctrl = new AbortController();
      controller.current = ctrl;
      setState({ status: 'uploading', percent: 0, fileName: file.name, error: null });
      try {
        const ref = await uploadFile({ call, putPart }, file, {
          admSlug,
          signal: ctrl.signal,
          complete,
          onProgress: (percent) => setState((s) => (s.status === 'uploading' ? { ...s, percent } : s)),
        });
        if (ctrl.signal.aborted) return null;
        setState({ status: 'done', percent: 100, fileName: ref.fileName ?? file.name, error: null });
        onDone?.(ref);
        return ref;
      } catch (e) {
        setState({ status: 'error', percent: 0, fileName: file.name, error: describe(e) });
        return null;
      } finally {
        if (controller.current === ctrl) controller.current = null;
      }
    },
    [admSlug, call, putPart, describe, onDone],
  );

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState({ ...IDLE, status: 'error', error: t('upload.errors.aborted') });
  }, [t]);

  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState(IDLE);
  }, []);

  return { state, start, cancel, reset };
};
