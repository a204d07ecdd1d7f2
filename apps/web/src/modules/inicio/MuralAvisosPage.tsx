import type { AvisoVigente } from '@sig/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, cliente, dados } from '../../platform/cliente';
import { dataParaTela } from '../../platform/crud/definicao';
import ListaCadastro from '../../platform/crud/ListaCadastro';
import { ErroDaLista } from '../../platform/crud/PartesDaLista';
import { useTitulo } from '../../platform/useTitulo';

const RECURSO = 'mural-de-avisos';
const ACESSO = 'MuralAvisos';
/** Under the resource's keys, so the registry's invalidation after a save or delete refreshes the board. */
const CHAVE_VIGENTES = [...chaves(RECURSO).todas, 'vigentes'];

function CartaoAviso({ aviso, nivel }: { aviso: AvisoVigente; nivel: 2 | 3 }) {
  const { t, i18n } = useTranslation(['inicio', 'menu']);
  return (
    <Card
      size="small"
      style={{ height: '100%' }}
      title={
        <Typography.Title level={nivel} style={{ fontSize: 16, margin: 0 }}>
          {aviso.nome}
        </Typography.Title>
      }
    >
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{aviso.mensagem}</Typography.Paragraph>
      <Space orientation="vertical" size={0}>
        <Typography.Text type="secondary">
          {t('inicio:mural.publicadoPor', { organizacao: aviso.organizacaoNome })}
        </Typography.Text>
        <Typography.Text type="secondary">
          {aviso.validoAte
            ? t('inicio:mural.validoAte', { data: dataParaTela(aviso.validoAte, i18n.language) })
            : t('inicio:mural.semValidade')}
        </Typography.Text>
      </Space>
    </Card>
  );
}

/**
 * Spec §2 /mural-de-avisos: the board of the organization the user acts for (its own notices and
 * those shared from above), and below it, for who may write notices, the registry's list.
 */
export default function MuralAvisosPage() {
  const { t } = useTranslation(['inicio', 'menu']);
  const { pode } = useAutorizacao();
  useTitulo(`menu:acessos.${ACESSO}`);
  const gerencia = pode(ACESSO, 'C') || pode(ACESSO, 'U') || pode(ACESSO, 'D');
  const avisos = useQuery({
    queryKey: CHAVE_VIGENTES,
    queryFn: ({ signal }) => dados(cliente.GET('/api/mural-de-avisos/vigentes', { signal })),
  });

  // The list brings the page's h1; with it below, the board is a section of the page.
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <section aria-labelledby="mural-titulo" data-testid="mural">
        <Typography.Title id="mural-titulo" level={gerencia ? 2 : 1} style={{ fontSize: gerencia ? 18 : 24 }}>
          {gerencia ? t('inicio:mural.vigentes') : t(`menu:acessos.${ACESSO}`)}
        </Typography.Title>
        {avisos.isPending && <Skeleton active />}
        <ErroDaLista erro={avisos.error} />
        {avisos.data?.length === 0 && <Empty description={t('inicio:mural.vazio')} />}
        {!!avisos.data?.length && (
          <Row gutter={[16, 16]} role="list">
            {avisos.data.map((a) => (
              <Col key={a.id} xs={24} md={12} xl={8} role="listitem">
                <CartaoAviso aviso={a} nivel={gerencia ? 3 : 2} />
              </Col>
            ))}
          </Row>
        )}
      </section>
      {gerencia && <ListaCadastro recurso={RECURSO} />}
    </Space>
  );
}
