import { Form, type FormItemProps, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { SelectReferencia } from '../../platform/crud/controles';

/** A batch form's organization and whether the organizations below it come too. */
export function OrganizacaoDoLote({ regra }: { regra: (campo: string) => FormItemProps['rules'] }) {
  const { t } = useTranslation(['campos', 'lotes']);
  return (
    <>
      <Form.Item name="organizacaoId" label={t('campos:organizacaoId')} rules={regra('organizacaoId')}>
        <SelectReferencia referencia="organizacao" allowClear />
      </Form.Item>
      <Form.Item name="incluirSubarvore" label={t('lotes:incluirSubarvore')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
}
