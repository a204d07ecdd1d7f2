import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The actions column of every list: view, edit and delete (with confirmation). An action is
 * shown only when its handler is given, so callers pass the edit/delete handlers only when
 * the profile may update/delete.
 */
export function AcoesLinha({
  aoVisualizar,
  aoEditar,
  aoExcluir,
  confirmacaoExclusao,
}: {
  aoVisualizar?: () => void;
  aoEditar?: () => void;
  aoExcluir?: () => void;
  /** What deleting also does, when it does more than remove the record. */
  confirmacaoExclusao?: string;
}) {
  const { t } = useTranslation(['comum']);
  return (
    <Space size={0}>
      {aoVisualizar && (
        <Button
          type="text"
          icon={<EyeOutlined />}
          aria-label={t('comum:visualizar')}
          title={t('comum:visualizar')}
          onClick={aoVisualizar}
        />
      )}
      {aoEditar && (
        <Button
          type="text"
          icon={<EditOutlined />}
          aria-label={t('comum:editar')}
          title={t('comum:editar')}
          onClick={aoEditar}
        />
      )}
      {aoExcluir && (
        <Popconfirm
          title={confirmacaoExclusao ?? t('comum:confirmarExclusao')}
          okText={t('comum:excluir')}
          okButtonProps={{ danger: true }}
          cancelText={t('comum:cancelar')}
          onConfirm={aoExcluir}
        >
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('comum:excluir')}
            title={t('comum:excluir')}
          />
        </Popconfirm>
      )}
    </Space>
  );
}
