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
import { App, Button, Card, Empty, Form, Segmented, Space } from 'antd';
import {
  memo,
  type PointerEvent,
  type ReactElement,
  type MouseEvent as ReactMouseEvent,
  useMemo,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, cliente, dados } from '../../platform/cliente';
import { CamposDeclarados } from '../../platform/crud/CamposDeclarados';
import { valoresIniciais } from '../../platform/crud/definicao';
import { ModalDeFormulario } from '../../platform/crud/ModalDeFormulario';
import { useMutacaoForm } from '../../platform/useMutacaoForm';
import { consultaGrade } from './consultas';
import './JazigosDoCemiterio.css';

type Jazigo = GradeJazigos['jazigos'][number];

/**
 * A cemetery's plots: a block laid out at once (rows × plots) and the map of one block, a row per
 * line, each plot coloured by its state and labelled with it. Memoized: the cemetery's own form
 * around it (its record arriving, a field typed) does not draw it again.
 */
export const JazigosDoCemiterio = memo(function JazigosDoCemiterio({
  cemiterioId,
  somenteLeitura,
}: {
  cemiterioId: number;
  somenteLeitura: boolean;
}) {
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
            <ul className="jazigos-legenda" aria-label={t('cemiterios:legenda')}>
              {SITUACOES_JAZIGO.map((s) => (
                <li key={s} className={`jazigo-${s}`}>
                  {t(`campos:opcao.situacaoJazigo.${s}`)}
                </li>
              ))}
            </ul>
            <MapaJazigos jazigos={grade.data.jazigos} editar={editavel ? setEditando : undefined} />
          </Space>
        ) : (
          <Empty description={t('cemiterios:semJazigos')} />
        )}
      </Card>
      {editando && <EdicaoJazigo jazigo={editando} fechar={() => setEditando(null)} />}
    </Space>
  );
});

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

/** The cell under a pointer or a click: the element that carries the plot's place in the block. */
const celulaDe = (e: { target: EventTarget }) =>
  e.target instanceof Element ? e.target.closest<HTMLElement>('[data-indice]') : null;

/** A cell's tooltip (its label) written when the pointer first reaches it, not for 2,000 cells up front. */
function dicaAoPassar(e: PointerEvent<HTMLDivElement>) {
  const celula = celulaDe(e);
  if (celula && !celula.title) celula.title = celula.getAttribute('aria-label') ?? '';
}

/**
 * The map of one block: a line per row, each plot coloured by its state (a class per state) and
 * named by its label. The cells are plain elements, not components: a button where the user may
 * change the plot, a labelled picture otherwise; one click handler for the whole map finds the
 * plot by its place. Drawn again only for a new answer, a new right to edit or a new language,
 * not when the form around it or the edit dialog changes.
 */
const MapaJazigos = memo(function MapaJazigos({
  jazigos,
  editar,
}: {
  jazigos: readonly Jazigo[];
  editar?: (j: Jazigo) => void;
}) {
  const { t } = useTranslation(['campos', 'cemiterios']);
  const celulas = useMemo(() => {
    const situacoes = Object.fromEntries(
      SITUACOES_JAZIGO.map((s) => [s, t(`campos:opcao.situacaoJazigo.${s}`)]),
    ) as Record<Jazigo['situacaoJazigo'], string>;
    const linhas: { fileira: number; celulas: ReactElement[] }[] = [];
    jazigos.forEach((j, indice) => {
      const rotulo = t('cemiterios:jazigoNaGrade', {
        rotulo: j.rotulo,
        situacao: situacoes[j.situacaoJazigo],
        ocupantes: j.ocupantes,
        capacidade: j.capacidade,
      });
      const props = {
        className: `jazigo jazigo-${j.situacaoJazigo}`,
        'aria-label': rotulo,
        'data-indice': indice,
        'data-situacao': j.situacaoJazigo,
        'data-jazigo': j.rotulo,
      };
      const celula = editar ? (
        <button key={j.id} type="button" {...props}>
          {j.numero}
        </button>
      ) : (
        <div key={j.id} role="img" {...props}>
          {j.numero}
        </div>
      );
      const ultima = linhas.at(-1);
      if (ultima?.fileira === j.fileira) ultima.celulas.push(celula);
      else linhas.push({ fileira: j.fileira, celulas: [celula] });
    });
    return linhas.map((l) => (
      <div key={l.fileira} className="jazigos-fileira">
        <span className="jazigos-nome">{t('cemiterios:fileiraN', { n: l.fileira })}</span>
        {l.celulas}
      </div>
    ));
  }, [jazigos, editar, t]);
  // The cells are buttons (keyboard included: Enter and Space click them); their clicks bubble here.
  const aoClicar = editar
    ? (e: ReactMouseEvent<HTMLDivElement>) => {
        const j = jazigos[Number(celulaDe(e)?.dataset.indice)];
        if (j) editar(j);
      }
    : undefined;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the clicks are the cells' own (buttons), delegated to the map
    // biome-ignore lint/a11y/noStaticElementInteractions: idem
    <div className="jazigos-mapa" onClick={aoClicar} onPointerOver={dicaAoPassar}>
      {celulas}
    </div>
  );
});
