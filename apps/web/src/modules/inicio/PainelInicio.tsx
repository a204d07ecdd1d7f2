import type { ResumoInicio } from '@sig/contracts';
import { Col, Empty, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CartaoKpi } from '../../platform/graficos';

type Cartao = {
  id: string;
  titulo: string;
  valor: number | string;
  formato?: 'dinheiro';
  detalhe?: ReactNode;
  para: string;
};

const consulta = (p: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) if (v !== undefined) q.set(k, String(v));
  return q.size ? `?${q}` : '';
};

/**
 * The home figures as cards, each a link to the list it totals with the same filters (the
 * child's organization among them on /dashboard/filho). Parts the answer leaves out are not shown.
 */
export function PainelInicio({ resumo, organizacaoId }: { resumo: ResumoInicio; organizacaoId?: number }) {
  const { t } = useTranslation(['inicio']);
  const mes = { periodoDe: resumo.mesDe, periodoAte: resumo.mesAte };
  const vencimento = { vencimentoDe: resumo.mesDe, vencimentoAte: resumo.mesAte };
  const cartoes: Cartao[] = [];
  if (resumo.pessoas)
    cartoes.push({
      id: 'pessoas',
      titulo: t('inicio:kpi.pessoas'),
      valor: resumo.pessoas.total,
      detalhe: resumo.pessoas.exato ? undefined : t('inicio:kpi.aoMenos'),
      para: `/pessoa${consulta({ organizacaoId })}`,
    });
  if (resumo.ofertasMes)
    cartoes.push({
      id: 'ofertas',
      titulo: t('inicio:kpi.ofertasMes'),
      valor: resumo.ofertasMes.valor,
      formato: 'dinheiro',
      detalhe: t('inicio:kpi.cultos', { count: resumo.ofertasMes.cultos }),
      para: `/culto${consulta({ organizacaoId, ...mes })}`,
    });
  if (resumo.receberMes)
    for (const [id, status, grupo] of [
      ['abertas', 'ABERTO', resumo.receberMes.abertas],
      ['vencidas', 'VENCIDO', resumo.receberMes.vencidas],
      ['pagas', 'PAGO', resumo.receberMes.pagas],
    ] as const)
      cartoes.push({
        id: `receber-${id}`,
        titulo: t(`inicio:kpi.receber.${id}`),
        valor: grupo.valor,
        formato: 'dinheiro',
        detalhe: t('inicio:kpi.contas', { count: grupo.quantidade }),
        para: `/conta-a-receber${consulta({ status, ...vencimento, organizacaoId })}`,
      });
  if (resumo.atendimentosCaixaEntrada !== undefined)
    cartoes.push({
      id: 'caixa-entrada',
      titulo: t('inicio:kpi.caixaEntrada'),
      valor: resumo.atendimentosCaixaEntrada,
      para: '/atendimento-caixa-entrada?status=ABERTO',
    });
  if (resumo.atendimentosTriagem !== undefined)
    cartoes.push({
      id: 'triagem',
      titulo: t('inicio:kpi.triagem'),
      valor: resumo.atendimentosTriagem,
      para: '/atendimento-triagem?status=ABERTO',
    });
  if (resumo.avisos !== undefined)
    cartoes.push({
      id: 'avisos',
      titulo: t('inicio:kpi.avisos'),
      valor: resumo.avisos,
      para: '/mural-de-avisos',
    });
  if (resumo.pendencias !== undefined)
    cartoes.push({
      id: 'pendencias',
      titulo: t('inicio:kpi.pendencias'),
      valor: resumo.pendencias,
      para: '/pendencias-financeiras',
    });

  if (!cartoes.length) return <Empty description={t('inicio:kpi.nenhum')} />;
  return (
    <Row gutter={[16, 16]} data-testid="kpis">
      {cartoes.map((c) => (
        <Col key={c.id} xs={12} md={8} xl={6} data-kpi={c.id}>
          <CartaoKpi
            titulo={c.titulo}
            valor={c.valor}
            formato={c.formato}
            para={c.para}
            testId={`kpi-${c.id}`}
            rodape={c.detalhe && <Typography.Text type="secondary">{c.detalhe}</Typography.Text>}
          />
        </Col>
      ))}
    </Row>
  );
}
