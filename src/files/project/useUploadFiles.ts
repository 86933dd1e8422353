import { useCallback, useState } from "react";
import { graphql, useRelayEnvironment } from "react-relay/hooks";
import { FILE_BATCH_SIZE, fileKeyProblem, normaliseFileKey, type AccessControl } from "../../domain/files";
import { ApiError } from "../../relay/errors";
import { mutate } from "../../relay/mutate";
import type { useUploadFilesIntentMutation } from "../../__generated__/useUploadFilesIntentMutation.graphql";
import type { useUploadFilesCreateMutation } from "../../__generated__/useUploadFilesCreateMutation.graphql";
import { putFile } from "./putFile";

const intentMutation = graphql`
  mutation useUploadFilesIntentMutation($input: UploadFileIntentInput!) {
    uploadFileIntent(input: $input) {
      key
      mimeType
      uploadUrl
      maxBytes
    }
  }
`;

const createMutation = graphql`
  mutation useUploadFilesCreateMutation($input: [CreateFileDocumentInput!]!, $connections: [ID!]!) {
    batchCreateFileDocument(input: $input) @prependNode(connections: $connections, edgeTypeName: "FileDocumentEdge") {
      id
      key
      name
      mimeType
      url
      accessControl
      size
      createdAt
    }
  }
`;

/** One file on its way up: spec §9 'Upload progress: starts at 10, … 90 before batch create, 100 when done'. */
export interface Upload {
  id: string;
  name: string;
  progress: number;
  error: unknown;
}

const FALLBACK_TYPE = "application/octet-stream";

/**
 * Uploads several files at once (spec §7 'Files'): an intent per file, the PUT of its bytes,
 * then file documents for the stored ones in chunks of 25, put first in the file list. A file
 * that fails shows its own error; the others go on. Every file of one upload gets the access
 * control the user chose (spec §3 'Access control: PRIVATE, PUBLIC').
 */
export function useUploadFiles(connectionId: string) {
  const environment = useRelayEnvironment();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const update = useCallback((id: string, change: Partial<Upload>) => setUploads((all) => all.map((upload) => (upload.id === id ? { ...upload, ...change } : upload))), []);

  const upload = useCallback(
    async (files: File[], accessControl: AccessControl) => {
      const started = files.map((file) => ({ file, id: `${file.name}-${crypto.randomUUID()}` }));
      setUploads((all) => [...all.filter((upload) => upload.error !== null || upload.progress < 100), ...started.map(({ file, id }) => ({ id, name: file.name, progress: 10, error: null }))]);
      const stored = await Promise.all(
        started.map(async ({ file, id }) => {
          try {
            const key = normaliseFileKey(file.name);
            const problem = fileKeyProblem(key);
            if (problem) throw new ApiError(key, problem);
            const type = file.type || FALLBACK_TYPE;
            const { uploadFileIntent: intent } = await mutate<useUploadFilesIntentMutation>(environment, intentMutation, { input: { key, mimeType: type, accessControl } });
            if (file.size > intent.maxBytes) throw new ApiError("File is too large.", "error_file_too_large");
            await putFile(intent.uploadUrl, file, intent.mimeType, (fraction) => update(id, { progress: Math.round(10 + 80 * fraction) }));
            update(id, { progress: 90 });
            return { id, input: { key: intent.key, name: file.name, mimeType: intent.mimeType, accessControl } };
          } catch (error) {
            update(id, { error });
            return null;
          }
        }),
      );
      const ready = stored.filter((item) => item !== null);
      for (let start = 0; start < ready.length; start += FILE_BATCH_SIZE) {
        const chunk = ready.slice(start, start + FILE_BATCH_SIZE);
        try {
          await mutate<useUploadFilesCreateMutation>(environment, createMutation, { input: chunk.map((item) => item.input), connections: [connectionId] });
          for (const item of chunk) update(item.id, { progress: 100 });
        } catch (error) {
          for (const item of chunk) update(item.id, { error });
        }
      }
      // A stored file now shows in the list itself; its finished bar would only sit there. Failed ones stay with their error.
      const finished = new Set(started.map(({ id }) => id));
      setUploads((all) => all.filter((item) => !(finished.has(item.id) && item.error === null && item.progress === 100)));
      return ready.length;
    },
    [environment, connectionId, update],
  );
  return { uploads, upload };
}
