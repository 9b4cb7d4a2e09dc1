import { useTranslate } from '@refinedev/core';
import { Form } from 'antd';
import { useCallback, useRef } from 'react';
import type { UploadState } from '../../hooks/useUpload';
import { FileUpload } from './FileUpload';

export interface FileFieldProps {
  name: string;
  label: string;
  admSlug: string;
  /** The picker button's id, which the label points at. */
  id: string;
  required?: boolean;
}

/**
 * A form field that takes one uploaded file, with ONE message at a time (issue 13): nothing while
 * the file is on its way (the progress bar says it), the upload's own reason when it failed
 * ("Tipo de arquivo não permitido…", never next to "Campo obrigatório"), "Campo obrigatório" only
 * when the form is sent with no file, and "wait for the upload" when it is sent mid-upload.
 */
export const FileField = ({ name, label, admSlug, id, required = false }: FileFieldProps) => {
  const t = useTranslate();
  const form = Form.useFormInstance();
  const upload = useRef<Pick<UploadState, 'status' | 'error'>>({ status: 'idle', error: null });

  const onStatus = useCallback(
    (state: UploadState) => {
      upload.current = state;
      if (state.status === 'uploading' || state.status === 'idle') form.setFields([{ name, errors: [] }]);
      // The upload's reason becomes the field's message; a stored file clears it.
      else void form.validateFields([name]).catch(() => undefined);
    },
    [form, name],
  );

  return (
    <Form.Item
      name={name}
      label={label}
      htmlFor={id}
      required={required}
      // Checked on submit and by the upload's own changes only: picking a file empties the value
      // for a moment, which must not read as "Campo obrigatório" while the file uploads.
      validateTrigger={[]}
      rules={[
        {
          validator: async (_, value: unknown) => {
            if (upload.current.status === 'uploading') throw new Error(t('upload.wait'));
            if (upload.current.status === 'error' && upload.current.error) throw new Error(upload.current.error);
            if (required && !value) throw new Error(t('validation.required'));
          },
        },
      ]}
    >
      <FileUpload admSlug={admSlug} id={id} label={label} onStatus={onStatus} showError={false} />
    </Form.Item>
  );
};

export default FileField;
