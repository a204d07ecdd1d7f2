import { Alert, Button, type ButtonProps, Card, Space, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { mensagemDeErro } from '../formulario';

/**
 * A record's form page as every hand form lays it out: the title, the load's failure instead of
 * the form, the card with the fields (`children`) and its buttons: Save (`salvar`, the hook's
 * `saveButtonProps`; left out on a view-only page), the page's own (`botoes`), Back. `depois`:
 * what follows the card (the record's related lists).
 */
export function PaginaDeFormulario({
  titulo,
  consulta,
  carregando,
  salvar,
  aoVoltar,
  botoes,
  depois,
  children,
}: {
  titulo: string;
  consulta: { isError: boolean; error: unknown };
  carregando: boolean;
  salvar?: ButtonProps;
  aoVoltar: () => void;
  botoes?: ReactNode;
  depois?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation(['comum']);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 880 }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {titulo}
      </Typography.Title>
      {consulta.isError ? (
        <Alert type="error" showIcon title={mensagemDeErro(consulta.error)} />
      ) : (
        <Spin spinning={carregando}>
          <Card>
            {children}
            <Space wrap>
              {salvar && <Button {...salvar}>{t('comum:salvar')}</Button>}
              {botoes}
              <Button onClick={aoVoltar}>{t('comum:voltar')}</Button>
            </Space>
          </Card>
        </Spin>
      )}
      {depois}
    </Space>
  );
}
