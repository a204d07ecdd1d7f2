import {
  ACESSO_CEMITERIO,
  CAMPOS_GERAR_JAZIGOS,
  CAMPOS_JAZIGO,
  type GradeJazigos,
  gerarJazigosInput,
  jazigoInput,
  SITUACOES_JAZIGO,
} from '@sig/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Form, Segmented, Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { type CSSProperties, memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, cliente, dados } from '../../platform/cliente';
import { CamposDeclarados } from '../../platform/crud/CamposDeclarados';
import { valoresIniciais } from '../../platform/crud/definicao';
import { ModalDeFormulario } from '../../platform/crud/ModalDeFormulario';
import { useMutacaoForm } from '../../platform/useMutacaoForm';
import { CORES_SITUACAO } from './comum';
import { consultaGrade } from './consultas';

type Jazigo = GradeJazigos['jazigos'][number];

/**
 * A cemetery's plots: a block laid out at once (rows × plots) and the map of one block, a row per
 * line, each plot coloured by its state and labelled with it.
 */
export function JazigosDoCemiterio({ cemiterioId, somenteLeitura }: { cemiterioId: number; somenteLeitura: boolean }) {
  const { t } = useTranslation(['campos', 'cemiterios']);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [quadra, setQuadra] = useState<string | undefined>();
  const { pode } = useAutorizacao();
  const [editando, setEditando] = useState<Jazigo | null>(null);
  const editavel = !somenteLeitura && pode(ACESSO_CEMITERIO, 'U');
  const grade = useQuery(consultaGrade(cemiterioId, quadra));
  const gerar = useMutacaoForm(form, {
    mutationFn: (corpo: Record<string, unknown>) =>
      dados(
        cliente.POST('/api/cemiterio/{id}/jazigos', {
          params: { path: { id: cemiterioId } },
          body: corpo as never,
        }),
      ),
    onSuccess: async (r, corpo) => {
      message.success(t('cemiterios:gerados', r));
      setQuadra(String(corpo.quadra));
      await qc.invalidateQueries({ queryKey: chaves('cemiterio').todas });
    },
  });

  // The map is drawn once per answer (or right to edit), not again when a dialog opens or closes.
  const mapa = useMemo(() => {
    const linhas = new Map<number, Jazigo[]>();
    for (const j of grade.data?.jazigos ?? []) {
      const linha = linhas.get(j.fileira);
      if (linha) linha.push(j);
      else linhas.set(j.fileira, [j]);
    }
    return [...linhas].map(([fileira, jazigos]) => (
      <Flex key={fileira} gap={2} align="center" style={{ marginBottom: 2 }}>
        <Typography.Text style={{ minWidth: 80 }}>{t('cemiterios:fileiraN', { n: fileira })}</Typography.Text>
        {jazigos.map((j) => (
          <CelulaJazigo key={j.id} jazigo={j} t={t} editar={editavel ? setEditando : undefined} />
        ))}
      </Flex>
    ));
  }, [grade.data, editavel, t]);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', marginTop: 16 }}>
      {!somenteLeitura && (
        <Card title={t('cemiterios:gerarJazigos')} size="small">
          <Form<Record<string, unknown>>
            form={form}
            layout="vertical"
            name="gerar-jazigos"
            initialValues={valoresIniciais(CAMPOS_GERAR_JAZIGOS)}
            onFinish={(v) => gerar.mutate(v)}
            data-testid="form-gerar-jazigos"
          >
            <CamposDeclarados campos={CAMPOS_GERAR_JAZIGOS} esquema={gerarJazigosInput} />
            <Button htmlType="submit" loading={gerar.isPending}>
              {t('cemiterios:gerar')}
            </Button>
          </Form>
        </Card>
      )}
      <Card title={t('cemiterios:grade')} size="small" data-testid="grade-jazigos">
        {grade.data?.quadras.length ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Segmented
              aria-label={t('campos:quadra')}
              options={grade.data.quadras}
              value={grade.data.quadra ?? undefined}
              onChange={(v) => setQuadra(String(v))}
            />
            <Flex wrap gap={4} aria-label={t('cemiterios:legenda')}>
              {SITUACOES_JAZIGO.map((s) => (
                <Tag key={s} style={{ background: CORES_SITUACAO[s], color: 'rgba(0,0,0,0.88)' }}>
                  {t(`campos:opcao.situacaoJazigo.${s}`)}
                </Tag>
              ))}
            </Flex>
            <div style={{ overflowX: 'auto' }}>{mapa}</div>
          </Space>
        ) : (
          <Empty description={t('cemiterios:semJazigos')} />
        )}
      </Card>
      {editando && <EdicaoJazigo jazigo={editando} fechar={() => setEditando(null)} />}
    </Space>
  );
}

/** One plot's kind, capacity and state, changed by hand (a plot closed, an exhumation under way). */
function EdicaoJazigo({ jazigo: j, fechar }: { jazigo: Jazigo; fechar: () => void }) {
  const { t } = useTranslation(['cemiterios', 'comum']);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Record<string, unknown>>();
  const salvar = useMutacaoForm(form, {
    mutationFn: (corpo: Record<string, unknown>) =>
      dados(cliente.PUT('/api/jazigo/{id}', { params: { path: { id: j.id } }, body: corpo as never })),
    onSuccess: async () => {
      message.success(t('comum:salvoComSucesso'));
      await qc.invalidateQueries({ queryKey: chaves('cemiterio').todas });
      fechar();
    },
  });
  return (
    <ModalDeFormulario
      titulo={t('cemiterios:editarJazigo', { rotulo: j.rotulo })}
      form={form}
      enviando={salvar.isPending}
      fechar={fechar}
    >
      <Form<Record<string, unknown>>
        form={form}
        layout="vertical"
        name="jazigo"
        initialValues={{ tipoJazigo: j.tipoJazigo, capacidade: j.capacidade, situacaoJazigo: j.situacaoJazigo }}
        onFinish={(v) => salvar.mutate(v)}
        data-testid="form-jazigo"
      >
        <CamposDeclarados campos={CAMPOS_JAZIGO} esquema={jazigoInput} />
      </Form>
    </ModalDeFormulario>
  );
}

const ESTILO_CELULA = {
  minWidth: 28,
  height: 28,
  padding: 0,
  lineHeight: '26px',
  textAlign: 'center' as const,
  fontSize: 12,
  borderRadius: 4,
  border: '1px solid rgba(0,0,0,0.15)',
  color: 'rgba(0,0,0,0.88)',
};
/** One style object per state and kind of cell, shared by the block's 2,000 cells. */
const ESTILOS = Object.fromEntries(
  SITUACOES_JAZIGO.map((s) => [
    s,
    {
      botao: { ...ESTILO_CELULA, background: CORES_SITUACAO[s], cursor: 'pointer' },
      figura: { ...ESTILO_CELULA, background: CORES_SITUACAO[s], cursor: 'default' },
    },
  ]),
) as Record<Jazigo['situacaoJazigo'], { botao: CSSProperties; figura: CSSProperties }>;

/**
 * One plot of the map. The page's `t` comes in (a hook per cell subscribed each of 2,000 cells to the
 * language), and the styles are shared: the cells are what the grid's time goes to.
 */
const CelulaJazigo = memo(function CelulaJazigo({
  jazigo: j,
  t,
  editar,
}: {
  jazigo: Jazigo;
  t: TFunction<readonly ['campos', 'cemiterios']>;
  editar?: (j: Jazigo) => void;
}) {
  const rotulo = t('cemiterios:jazigoNaGrade', {
    rotulo: j.rotulo,
    situacao: t(`campos:opcao.situacaoJazigo.${j.situacaoJazigo}`),
    ocupantes: j.ocupantes,
    capacidade: j.capacidade,
  });
  const marcas = { 'data-situacao': j.situacaoJazigo, 'data-jazigo': j.rotulo };
  // A button where the user may change the plot, a labelled picture otherwise.
  return editar ? (
    <button
      type="button"
      aria-label={rotulo}
      title={rotulo}
      style={ESTILOS[j.situacaoJazigo].botao}
      onClick={() => editar(j)}
      {...marcas}
    >
      {j.numero}
    </button>
  ) : (
    <div role="img" aria-label={rotulo} title={rotulo} style={ESTILOS[j.situacaoJazigo].figura} {...marcas}>
      {j.numero}
    </div>
  );
});
