import { useEffect, useRef, useState } from 'react';
import { ProgressBar } from '../shared/progress-bar';
import { downloadFile } from '../shared/download';
import { isJobFinished, useGetJobQuery } from './jobs-api';

interface JobProgressProps {
  jobId: string;
  label: string;
  fileName?: string;
  /** Download the result once, as soon as the job completes. */
  autoDownload?: boolean;
  onDownloaded?: () => void;
}

/** Polls one job every second until it finishes; shows a progress bar and the download link. */
export function JobProgress({ jobId, label, fileName = 'export', autoDownload, onDownloaded }: JobProgressProps) {
  const [polling, setPolling] = useState(true);
  const { data, isError } = useGetJobQuery(jobId, { pollingInterval: polling ? 1000 : 0 });
  const finished = data ? isJobFinished(data.state) : false;
  const downloaded = useRef(false);

  useEffect(() => {
    if (finished || isError) setPolling(false);
  }, [finished, isError]);

  useEffect(() => {
    if (autoDownload && data?.downloadUrl && finished && !downloaded.current) {
      downloaded.current = true;
      downloadFile(data.downloadUrl, fileName).then(onDownloaded, () => undefined);
    }
  }, [autoDownload, fileName, data?.downloadUrl, finished, onDownloaded]);

  if (isError) return <p className="text-sm text-red-700">Job {jobId} could not be read.</p>;
  return (
    <div className="space-y-1">
      <div className="flex items-center justify-between text-xs text-gray-600">
        <span>{label}</span>
        <span className="font-medium">{data?.state ?? 'queued'}</span>
      </div>
      <ProgressBar value={data?.progress ?? 0} label={`${label} progress`} />
      {data?.error && <p className="text-xs text-red-700">{data.error}</p>}
      {finished && data?.downloadUrl && (
        <button
          type="button"
          className="text-xs font-medium text-indigo-700 hover:underline"
          onClick={() => downloadFile(data.downloadUrl!, fileName)}
        >
          Download
        </button>
      )}
    </div>
  );
}
