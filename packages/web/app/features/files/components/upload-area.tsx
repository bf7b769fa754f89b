import { type Bundle, fileLimits } from '@geoportal/contract/files';
import { Button, FileButton, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { type DragEvent, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { isBundleName, type UploadProblem } from '../model/check-upload';
import classes from './files.module.css';

/** The select's value for "a new bundle"; never a bundle name (those start with a letter). */
const NEW_BUNDLE = '__new__';
/** The name offered for an object's first bundle. */
const FIRST_BUNDLE = 'data';

export interface UploadAreaProps {
  bundles: readonly Bundle[];
  /** Files chosen or dropped for `bundle`. */
  onFiles: (files: File[], bundle: string) => void;
  /** Dropped things that are not files (folders): listed as refused. */
  onRefused: (name: string, bundle: string, problem: UploadProblem) => void;
}

/** Files and folders of a drop; folders are reported by name, since only files are taken. */
function splitDrop(data: DataTransfer): { files: File[]; folders: string[] } {
  const files: File[] = [];
  const folders: string[] = [];
  const items = Array.from(data.items ?? []);
  if (items.length === 0) return { files: Array.from(data.files), folders };
  for (const item of items) {
    if (item.kind !== 'file') continue;
    const entry = item.webkitGetAsEntry?.();
    const file = item.getAsFile();
    if (entry?.isDirectory) folders.push(entry.name);
    else if (file) files.push(file);
  }
  return { files, folders };
}

/**
 * Choosing where files go and which: the bundle (an existing one or a new name, checked with
 * the server's rule), a drop zone, and a picker button that does the same for keyboard and
 * touch users. Several files at once; folders are not taken (their names show as refused).
 */
export function UploadArea({ bundles, onFiles, onRefused }: UploadAreaProps) {
  const intl = useIntl();
  const headingId = useId();
  const hintId = useId();
  const nameInput = useRef<HTMLInputElement>(null);
  // null: nothing chosen yet, i.e. the first bundle, or a new one while there is none.
  const [choice, setChoice] = useState<string | null>(null);
  const [newName, setNewName] = useState(FIRST_BUNDLE);
  const [nameTouched, setNameTouched] = useState(false);
  const [dragging, setDragging] = useState(false);
  const resetPicker = useRef<() => void>(null);

  // A chosen bundle that no longer exists (deleted elsewhere) falls back to the first one.
  const known = choice === NEW_BUNDLE || bundles.some((bundle) => bundle.name === choice);
  const selected = (known ? choice : null) ?? bundles[0]?.name ?? NEW_BUNDLE;
  const creating = selected === NEW_BUNDLE;
  const name = creating ? newName.trim() : selected;
  const nameValid = isBundleName(name);
  const nameError =
    creating && nameTouched && !nameValid
      ? intl.formatMessage({
          id: name === '' ? 'files.bundle.nameRequired' : 'files.bundle.nameInvalid',
        })
      : undefined;

  /** The bundle for chosen files, or undefined (with the name field marked) when invalid. */
  const target = (): string | undefined => {
    if (nameValid) return name;
    setNameTouched(true);
    // After the picker or the drop has settled, which may still move the focus.
    setTimeout(() => nameInput.current?.focus(), 0);
    return undefined;
  };

  const handlePicked = (files: File[]) => {
    resetPicker.current?.();
    const bundle = target();
    if (bundle && files.length > 0) onFiles(files, bundle);
  };

  const handleDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const { files, folders } = splitDrop(event.dataTransfer);
    const bundle = target();
    if (!bundle) return;
    for (const folder of folders) onRefused(folder, bundle, { kind: 'folder' });
    if (files.length > 0) onFiles(files, bundle);
  };

  const handleDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!Array.from(event.dataTransfer.types).includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  const options = [
    ...bundles.map((bundle) => ({ value: bundle.name, label: bundle.name })),
    { value: NEW_BUNDLE, label: intl.formatMessage({ id: 'files.bundle.new' }) },
  ];

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={3} id={headingId}>
        <FormattedMessage id="files.upload.title" />
      </Title>
      {bundles.length > 0 && (
        <NativeSelect
          label={intl.formatMessage({ id: 'files.bundle.choose' })}
          data={options}
          value={selected}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setChoice(value);
            if (value === NEW_BUNDLE) {
              setNewName('');
              setNameTouched(false);
            }
          }}
        />
      )}
      {creating && (
        <TextInput
          ref={nameInput}
          label={intl.formatMessage({ id: 'files.bundle.newName' })}
          description={intl.formatMessage({ id: 'files.bundle.nameHint' })}
          value={newName}
          maxLength={fileLimits.bundleNameMax}
          required
          autoComplete="off"
          spellCheck={false}
          error={nameError}
          onChange={(event) => setNewName(event.currentTarget.value)}
          onBlur={() => setNameTouched(true)}
        />
      )}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a mouse shortcut; the
          picker button inside does the same for keyboard and touch. */}
      <div
        className={classes.dropZone}
        data-active={dragging || undefined}
        onDragOver={handleDragOver}
        onDragEnter={handleDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={handleDrop}
        data-testid="files-drop-zone"
      >
        <Stack gap="xs" align="center">
          <Text id={hintId}>
            <FormattedMessage id="files.upload.dropHint" />
          </Text>
          <FileButton onChange={handlePicked} multiple resetRef={resetPicker}>
            {(props) => (
              <Button {...props} aria-describedby={hintId}>
                <FormattedMessage id="files.upload.choose" />
              </Button>
            )}
          </FileButton>
        </Stack>
      </div>
    </Stack>
  );
}
