import {
  ACOES,
  type Acao,
  CAMPO_DA_ACAO,
  CAMPOS_POR_ACESSO,
  type GrupoMenu,
  type PermissaoCampo,
  type PermissaoTela,
} from '@sig/contracts';
import { Checkbox, Radio, Table, Tabs, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type HTMLAttributes, memo, useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACESSOS_COM_CAMPOS,
  chaveCampo,
  type ErrosMatriz,
  type FlagTela,
  GRUPOS,
  type Matriz,
  telaVazia,
} from './perfilModelo';

type Linha = { id: string; acoes: readonly Acao[] };
type Props = {
  valor: Matriz;
  aoMudar: (m: Matriz) => void;
  desabilitado?: boolean;
  erros?: ErrosMatriz | null;
};

const estiloErro = { outline: '2px solid #ff4d4f', outlineOffset: 2, borderRadius: 2 };

type PropsSecao = {
  grupo: GrupoMenu;
  linhas: Linha[];
  telas: PermissaoTela[];
  desabilitado?: boolean;
  erros?: ErrosMatriz | null;
  mudarTelas: (m: PermissaoTela[]) => void;
};

const mesmas = (a: PropsSecao, b: PropsSecao) =>
  a.grupo === b.grupo &&
  a.linhas === b.linhas &&
  a.desabilitado === b.desabilitado &&
  a.erros === b.erros &&
  a.mudarTelas === b.mudarTelas &&
  a.telas.length === b.telas.length &&
  a.telas.every((t, i) => t === b.telas[i]);

/** One menu group's screens; re-renders only when one of its own rows changed. */
const SecaoGrupo = memo(function SecaoGrupo({ grupo, linhas, telas, desabilitado, erros, mudarTelas }: PropsSecao) {
  const { t } = useTranslation(['campos', 'configuracoes', 'menu']);
  const porId = new Map(telas.map((x) => [x.acesso, x]));
  const tela = (id: string): PermissaoTela => porId.get(id) ?? telaVazia(id);
  const nomeTela = (id: string) => t(`menu:acessos.${id}`, { defaultValue: id });
  const nomeFlag = (f: FlagTela) => t(`configuracoes:perfil.acoes.${f}`);

  const caixa = (l: Linha, f: FlagTela, habilitada: boolean) => {
    const comErro = erros?.get(l.id)?.has(f);
    return (
      <span style={comErro ? estiloErro : undefined} data-erro={comErro ? 'true' : undefined}>
        <Checkbox
          aria-label={`${nomeTela(l.id)} — ${nomeFlag(f)}`}
          disabled={desabilitado || !habilitada}
          checked={habilitada && tela(l.id)[f]}
          onChange={(e) => mudarTelas([{ ...tela(l.id), [f]: e.target.checked }])}
        />
      </span>
    );
  };

  const cabecalho = (f: FlagTela, rotulo: string) => {
    const aplicaveis = linhas.filter(
      (l) => f === 'somentePropriaOrganizacao' || l.acoes.some((a) => CAMPO_DA_ACAO[a] === f),
    );
    const marcadas = aplicaveis.filter((l) => tela(l.id)[f]).length;
    return (
      <Tooltip title={nomeFlag(f)}>
        <span style={{ whiteSpace: 'nowrap' }}>
          <Checkbox
            aria-label={t('configuracoes:perfil.marcarColuna', { acao: nomeFlag(f) })}
            disabled={desabilitado || aplicaveis.length === 0}
            checked={aplicaveis.length > 0 && marcadas === aplicaveis.length}
            indeterminate={marcadas > 0 && marcadas < aplicaveis.length}
            onChange={(e) => mudarTelas(aplicaveis.map((l) => ({ ...tela(l.id), [f]: e.target.checked })))}
          />{' '}
          {rotulo}
        </span>
      </Tooltip>
    );
  };

  const colunas: ColumnsType<Linha> = [
    { key: 'tela', title: t('configuracoes:perfil.tela'), render: (_, l) => nomeTela(l.id) },
    ...ACOES.map((a) => ({
      key: a,
      align: 'center' as const,
      width: 72,
      title: cabecalho(CAMPO_DA_ACAO[a], a),
      render: (_: unknown, l: Linha) => caixa(l, CAMPO_DA_ACAO[a], l.acoes.includes(a)),
    })),
    {
      key: 'somentePropriaOrganizacao',
      align: 'center' as const,
      width: 150,
      title: cabecalho('somentePropriaOrganizacao', t('configuracoes:perfil.acoes.somentePropriaOrganizacao')),
      render: (_: unknown, l: Linha) => caixa(l, 'somentePropriaOrganizacao', true),
    },
    {
      key: 'todas',
      align: 'center' as const,
      width: 80,
      title: t('configuracoes:perfil.todas'),
      render: (_: unknown, l: Linha) => {
        const flags = l.acoes.map((a) => CAMPO_DA_ACAO[a]);
        const n = flags.filter((f) => tela(l.id)[f]).length;
        return (
          <Checkbox
            aria-label={t('configuracoes:perfil.marcarLinha', { tela: nomeTela(l.id) })}
            disabled={desabilitado}
            checked={n > 0 && n === flags.length}
            indeterminate={n > 0 && n < flags.length}
            onChange={(e) =>
              mudarTelas([{ ...tela(l.id), ...Object.fromEntries(flags.map((f) => [f, e.target.checked])) }])
            }
          />
        );
      },
    },
  ];

  return (
    <section style={{ marginBottom: 16, overflowX: 'auto' }}>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {t(`menu:grupos.${grupo}`)}
      </Typography.Title>
      <Table<Linha>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={linhas}
        columns={colunas}
        onRow={(l) => ({ 'data-testid': `permissao-${l.id}` }) as HTMLAttributes<HTMLElement>}
      />
    </section>
  );
}, mesmas);

const LINHAS_POR_GRUPO = GRUPOS.map(({ grupo, acessos }) => ({
  grupo,
  linhas: acessos.map((a): Linha => ({ id: a.id, acoes: a.acoes })),
}));

/**
 * The permission matrix of one profile (spec §6): one row per catalogue screen, grouped by menu
 * group, with L/R/C/U/D (only the actions the screen offers) and "own organization only"; a
 * second tab holds the per-field rules (inherit / allow / deny).
 */
export function MatrizPermissoes({ valor, aoMudar, desabilitado, erros }: Props) {
  const { t } = useTranslation(['campos', 'configuracoes', 'menu']);
  const atual = useRef({ valor, aoMudar });
  atual.current = { valor, aoMudar };
  const mudarTelas = useCallback((mudancas: PermissaoTela[]) => {
    const { valor: v, aoMudar: mudar } = atual.current;
    const telas = { ...v.telas };
    for (const m of mudancas) telas[m.acesso] = m;
    mudar({ ...v, telas });
  }, []);
  const nomeTela = (id: string) => t(`menu:acessos.${id}`, { defaultValue: id });

  const abaTelas = (
    <div data-testid="matriz-permissoes">
      {LINHAS_POR_GRUPO.map(({ grupo, linhas }) => (
        <SecaoGrupo
          key={grupo}
          grupo={grupo}
          linhas={linhas}
          telas={linhas.map((l) => valor.telas[l.id] ?? telaVazia(l.id))}
          desabilitado={desabilitado}
          erros={erros}
          mudarTelas={mudarTelas}
        />
      ))}
    </div>
  );

  const mudarCampo = (c: PermissaoCampo) =>
    aoMudar({ ...valor, campos: { ...valor.campos, [chaveCampo(c.acesso, c.campo)]: c } });
  const triEstado = (c: PermissaoCampo, tipo: 'visualizar' | 'atualizar') => {
    const comErro = erros?.get(c.acesso)?.has(`${c.campo}.${tipo}`);
    return (
      <span style={comErro ? estiloErro : undefined}>
        <Radio.Group
          size="small"
          optionType="button"
          disabled={desabilitado}
          aria-label={`${t(`campos:${c.campo}`, { defaultValue: c.campo })} — ${t(`configuracoes:perfil.campo.${tipo}`)}`}
          value={c[tipo] === null ? 'herdar' : c[tipo] ? 'permitir' : 'negar'}
          onChange={(e) =>
            mudarCampo({ ...c, [tipo]: e.target.value === 'herdar' ? null : e.target.value === 'permitir' })
          }
          options={(['herdar', 'permitir', 'negar'] as const).map((v) => ({
            value: v,
            label: t(`configuracoes:perfil.campo.${v}`),
          }))}
        />
      </span>
    );
  };

  const abaCampos = (
    <div data-testid="matriz-campos">
      <Typography.Paragraph type="secondary">{t('configuracoes:perfil.campo.ajuda')}</Typography.Paragraph>
      {ACESSOS_COM_CAMPOS.map((acesso) => {
        const linhas = (CAMPOS_POR_ACESSO[acesso] ?? []).map(
          (campo) => valor.campos[chaveCampo(acesso, campo)] ?? { acesso, campo, visualizar: null, atualizar: null },
        );
        return (
          <section key={acesso} style={{ marginBottom: 16, overflowX: 'auto' }}>
            <Typography.Title level={2} style={{ fontSize: 16 }}>
              {nomeTela(acesso)}
            </Typography.Title>
            <Table<PermissaoCampo>
              size="small"
              rowKey="campo"
              pagination={false}
              dataSource={linhas}
              columns={[
                {
                  key: 'campo',
                  title: t('configuracoes:perfil.campo.campo'),
                  render: (_, c) => t(`campos:${c.campo}`, { defaultValue: c.campo }),
                },
                {
                  key: 'visualizar',
                  title: t('configuracoes:perfil.campo.visualizar'),
                  render: (_, c) => triEstado(c, 'visualizar'),
                },
                {
                  key: 'atualizar',
                  title: t('configuracoes:perfil.campo.atualizar'),
                  render: (_, c) => triEstado(c, 'atualizar'),
                },
              ]}
            />
          </section>
        );
      })}
    </div>
  );

  return (
    <Tabs
      items={[
        { key: 'telas', label: t('configuracoes:perfil.abaTelas'), children: abaTelas },
        { key: 'campos', label: t('configuracoes:perfil.abaCampos'), children: abaCampos },
      ]}
    />
  );
}

/** The screens and flags the server refused, as a list under the matrix. */
export function ListaErrosMatriz({ erros }: { erros: ErrosMatriz }) {
  const { t } = useTranslation(['campos', 'configuracoes', 'menu']);
  return (
    <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="erros-matriz">
      {[...erros].flatMap(([acesso, flags]) =>
        [...flags].map((f) => {
          const [campo, tipo] = f.includes('.') ? f.split('.') : [undefined, f];
          const rotulo = campo
            ? `${t(`campos:${campo}`, { defaultValue: campo })} — ${t(`configuracoes:perfil.campo.${tipo as 'visualizar' | 'atualizar'}`)}`
            : t(`configuracoes:perfil.acoes.${f}`, { defaultValue: f });
          return (
            <li key={`${acesso}.${f}`}>{`${t(`menu:acessos.${acesso}`, { defaultValue: acesso })}: ${rotulo}`}</li>
          );
        }),
      )}
    </ul>
  );
}
