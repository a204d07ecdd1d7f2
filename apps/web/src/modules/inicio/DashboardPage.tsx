import { ACESSO_POR_ID } from '@sig/contracts';
import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { INDICADORES, TELAS } from '../../app/telas';
import { useAutorizacao } from '../../platform/autorizacao';
import { useTitulo } from '../../platform/useTitulo';

/** The landing page: who and for whom, and a card per screen the user may open (each card has an identificador). */
export default function DashboardPage() {
  const { t } = useTranslation(['inicio', 'menu']);
  useTitulo('menu:acessos.Dashboard');
  const { sessao, autorizacao, podeNavegar } = useAutorizacao();
  const atalhos = [...INDICADORES, ...TELAS.map((x) => x.acesso)].filter((a) => podeNavegar(a));
  return (
    <div>
      <Typography.Title level={1} style={{ fontSize: 24 }} data-testid="boas-vindas">
        {t('inicio:dashboard.bemVindo', { nome: sessao?.primeiroNome })}
      </Typography.Title>
      <Typography.Paragraph data-testid="organizacao-atual">
        {t('inicio:dashboard.organizacao', { nome: autorizacao?.organizacaoNome ?? sessao?.organizacaoNome })}
      </Typography.Paragraph>
      {autorizacao && (
        <Typography.Paragraph type="secondary">
          {t('inicio:dashboard.perfil', { nome: autorizacao.perfilNome })}
        </Typography.Paragraph>
      )}
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {t('inicio:dashboard.atalhos')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {atalhos.map((a) => (
          <Col key={a} xs={24} sm={12} lg={8}>
            <Link to={ACESSO_POR_ID.get(a)!.rota}>
              <Card hoverable data-identificador={a}>
                {t(`menu:acessos.${a}`)}
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </div>
  );
}
