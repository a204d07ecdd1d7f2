import { FAIXAS_ETARIAS, MOVIMENTOS_CADASTRO, STATUS_PESSOA } from '@sig/contracts';
import { Button, Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { chaves } from '../../platform/cliente';
import type { FiltroLista } from '../../platform/crud/filtros';
import { dadosDeContagem, rotuloBalde } from '../../platform/graficos';
import {
  diasDoBalde,
  enderecoDaLista,
  graficoNoTempo,
  type PecaIndicador,
  TelaIndicador,
  useIndicador,
} from '../../platform/indicadores';

/**
 * Spec §3 "registry moments" filters, named as the API's (and the people list's) query
 * parameters; the period and own organization only are every indicator's.
 */
const FILTROS: readonly FiltroLista[] = [
  { tipo: 'referencia', nome: 'organizacaoId', referencia: 'organizacao' },
  { tipo: 'referencias', nome: 'tiposPessoaIds', referencia: 'tipo-pessoa' },
  { tipo: 'multipla', nome: 'status', opcoes: STATUS_PESSOA },
  { tipo: 'booleano', nome: 'titular' },
  { tipo: 'booleano', nome: 'cadastroCompleto' },
];
const OPCOES = { extras: FILTROS, agrupamento: 1, periodoDoMes: false };
/** The filters the people list shares (not the period nor its grouping). */
const DA_PESSOA = [
  'organizacaoId',
  'somenteMinhaOrganizacao',
  'tiposPessoaIds',
  'status',
  'titular',
  'cadastroCompleto',
];
const MOVIMENTOS = MOVIMENTOS_CADASTRO;
const ENTRADAS = ['admissoes', 'transferenciasRecebidas'] as const;
const SAIDAS = ['desligamentos', 'falecimentos', 'transferenciasEnviadas'] as const;

/** An age band ("30-44", by the age reached this year) as the birth dates the people list filters by. */
function nascimentoDaFaixa(faixa: string, ano: number): Record<string, string> | undefined {
  const m = /^(\d+)(?:-(\d+)|\+)$/.exec(faixa);
  if (!m) return undefined;
  const de = Number(m[1]);
  const ate = m[2] === undefined ? undefined : Number(m[2]);
  return {
    ...(ate === undefined ? {} : { nascimentoDe: `${ano - ate}-01-01` }),
    nascimentoAte: `${ano - de}-12-31`,
  };
}

/**
 * The registry indicator (spec §2 /indicadores/cadastros): the people the filters select by type,
 * status, sex, age band, holder and complete record, the organizations below the chosen one
 * (a row drills down), and the members' movements per bucket beside the previous period. The
 * filters live in the address; a slice opens the people list with the same filters.
 */
export function IndicadorCadastros() {
  const { t, i18n } = useTranslation(['pessoas', 'campos', 'comum']);
  const navegar = useNavigate();
  const { consulta, filtros, aplicar, form, q } = useIndicador(
    '/api/indicadores/cadastros/',
    chaves('pessoa').todas,
    OPCOES,
  );
  // A slice or card opens the people list with the page's person filters and its own.
  const enderecoPessoas = (extra: Record<string, string>) => {
    const base = Object.entries(consulta).filter(([k]) => DA_PESSOA.includes(k)) as [string, string][];
    return `/pessoa?${new URLSearchParams([...base, ...Object.entries(extra)])}`;
  };
  const pessoas = (extra: Record<string, string>) => navegar(enderecoPessoas(extra));
  // A movement's card or bucket opens the records behind it, with the same person filters.
  const enderecoMovimentos = (movimentos: readonly string[], dias: { periodoDe?: string; periodoAte?: string }) =>
    enderecoDaLista('/pessoa-integracao-desligamento', {
      ...Object.fromEntries(Object.entries(consulta).filter(([k]) => DA_PESSOA.includes(k))),
      movimento: movimentos.join(','),
      ...dias,
    });
  const nao = t('pessoas:indicador.naoInformado');
  const cartao = (
    id: 'pessoas' | 'titulares' | 'completos',
    valor: number,
    filtro: Record<string, string>,
  ): PecaIndicador => ({
    largura: { xs: 12, md: 8 },
    kpi: {
      titulo: t(`pessoas:indicador.${id}`),
      valor,
      para: enderecoPessoas(filtro),
      testId: `total-${id}`,
    },
  });
  const metade = { xs: 24, lg: 12 };

  return (
    <TelaIndicador
      filtros={filtros}
      q={q}
      pecas={(d) => [
        cartao('pessoas', d.pessoas, {}),
        cartao('titulares', d.titulares, { titular: 'true' }),
        cartao('completos', d.completos, { cadastroCompleto: 'true' }),
        ...MOVIMENTOS.map(
          (m): PecaIndicador => ({
            largura: { xs: 12, md: 8, lg: 4 },
            kpi: {
              titulo: t(`pessoas:indicador.${m}`),
              valor: d.movimento[m],
              anterior: d.movimentoAnterior[m],
              subidaRuim: m !== 'admissoes' && m !== 'transferenciasRecebidas',
              para: enderecoMovimentos([m], { periodoDe: d.periodoDe, periodoAte: d.periodoAte }),
              testId: `total-${m}`,
            },
          }),
        ),
        ...(
          [
            ['entradas', ENTRADAS],
            ['saidas', SAIDAS],
          ] as const
        ).map(
          ([lado, movimentos]): PecaIndicador => ({
            largura: metade,
            grafico: {
              titulo: t(`pessoas:indicador.${lado}`),
              subtitulo: t(`pessoas:indicador.${lado}Nota`),
              tipo: 'colunas',
              testId: `grafico-${lado}`,
              ...graficoNoTempo(d, {
                valor: (b) => movimentos.reduce((soma, m) => soma + b[m], 0),
                nome: t(`pessoas:indicador.${lado}`),
                abrir: (dias) => navegar(enderecoMovimentos(movimentos, dias)),
              }),
            },
          }),
        ),
        {
          largura: { xs: 24, md: 24 },
          grafico: {
            titulo: t('pessoas:indicador.serie'),
            tipo: 'empilhado',
            rotuloCategoria: t('pessoas:indicador.balde'),
            testId: 'grafico-movimento',
            dados: {
              categorias: d.serie.map((b) => ({ chave: b.chave, rotulo: rotuloBalde(b.chave, i18n.language) })),
              series: MOVIMENTOS.map((m) => ({
                chave: m,
                nome: t(`pessoas:indicador.${m}`),
                valores: d.serie.map((b) => b[m]),
              })),
            },
            aoClicar: (b, s) => navegar(enderecoMovimentos([s.chave], diasDoBalde(d.serie, [], b.chave, {}))),
          },
        },
        {
          grafico: {
            titulo: t('pessoas:indicador.porStatus'),
            tipo: 'rosca',
            rotuloCategoria: t('campos:status'),
            testId: 'grafico-porStatus',
            dados: dadosDeContagem(
              d.porStatus,
              (l) => t(`campos:opcao.status.${l.chave}`, { defaultValue: l.chave }),
              t('pessoas:indicador.pessoas'),
            ),
            aoClicar: (c) => pessoas({ status: c.chave }),
          },
        },
        {
          grafico: {
            titulo: t('pessoas:indicador.porTipo'),
            tipo: 'rosca',
            rotuloCategoria: t('campos:tipoPessoaId'),
            testId: 'grafico-porTipo',
            dados: dadosDeContagem(d.porTipo, (l) => l.nome || nao, t('pessoas:indicador.pessoas')),
            aoClicar: (c) => pessoas(c.chave ? { tiposPessoaIds: c.chave } : { naoInformado: 'tipoPessoa' }),
          },
        },
        ...(
          [
            ['titularesDependentes', 'titular', d.titulares, 'titulares', 'dependentes', 'titular'],
            ['completude', 'completo', d.completos, 'completos', 'incompletos', 'cadastroCompleto'],
          ] as const
        ).map(
          ([titulo, id, sim, rotuloSim, rotuloNao, filtro]): PecaIndicador => ({
            // A yes/no share of the people, each half opening the people it counts.
            grafico: {
              titulo: t(`pessoas:indicador.${titulo}`),
              tipo: 'rosca',
              testId: `grafico-${id}`,
              dados: dadosDeContagem(
                [
                  { chave: 'true', total: sim },
                  { chave: 'false', total: d.pessoas - sim },
                ],
                (l) => t(`pessoas:indicador.${l.chave === 'true' ? rotuloSim : rotuloNao}`),
                t('pessoas:indicador.pessoas'),
              ),
              aoClicar: (c) => pessoas({ [filtro]: c.chave }),
            },
          }),
        ),
        {
          grafico: {
            titulo: t('pessoas:indicador.porSexo'),
            tipo: 'rosca',
            rotuloCategoria: t('campos:sexo'),
            testId: 'grafico-porSexo',
            dados: dadosDeContagem(
              d.porSexo,
              (l) => (l.chave ? t(`campos:opcao.sexo.${l.chave}`, { defaultValue: l.chave }) : nao),
              t('pessoas:indicador.pessoas'),
            ),
            aoClicar: (c) => pessoas(c.chave ? { sexo: c.chave } : { naoInformado: 'sexo' }),
          },
        },
        {
          grafico: {
            titulo: t('pessoas:indicador.porFaixaEtaria'),
            tipo: 'colunas',
            testId: 'grafico-porFaixaEtaria',
            dados: dadosDeContagem(
              d.porFaixaEtaria,
              (l) => (l.chave === FAIXAS_ETARIAS.at(-1) ? nao : l.chave),
              t('pessoas:indicador.pessoas'),
            ),
            aoClicar: (c) =>
              pessoas(nascimentoDaFaixa(c.chave, new Date().getFullYear()) ?? { naoInformado: 'dataNascimento' }),
          },
        },
        {
          chave: 'porOrganizacao',
          largura: { xs: 24, md: 24 },
          bloco: (
            <Card size="small" title={t('pessoas:indicador.porOrganizacao')}>
              <Table
                size="small"
                rowKey="organizacaoId"
                scroll={{ x: true }}
                dataSource={d.porOrganizacao}
                columns={[
                  {
                    key: 'nome',
                    title: t('campos:organizacaoId'),
                    render: (_: unknown, o: (typeof d.porOrganizacao)[number]) =>
                      o.temFilhas ? (
                        <Button
                          type="link"
                          size="small"
                          style={{ padding: 0 }}
                          onClick={() => aplicar({ ...form.getFieldsValue(), organizacaoId: o.organizacaoId })}
                        >
                          {o.nome}
                        </Button>
                      ) : (
                        o.nome
                      ),
                  },
                  { key: 'total', dataIndex: 'total', title: t('pessoas:indicador.pessoas'), align: 'right' },
                  {
                    key: 'titulares',
                    dataIndex: 'titulares',
                    title: t('pessoas:indicador.titulares'),
                    align: 'right',
                  },
                ]}
              />
            </Card>
          ),
        },
      ]}
    />
  );
}
