import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Select, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, cliente, dados, recurso } from '../../platform/cliente';
import { useSaidaProtegida } from '../../platform/crud/useSaidaProtegida';
import { mensagemDeErro } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { ListaErrosMatriz, MatrizPermissoes } from './MatrizPermissoes';
import { corpoDaMatriz, type ErrosMatriz, errosDaMatriz, type Matriz, matrizDoPerfil } from './perfilModelo';

/**
 * `/permissoes`: pick a profile and edit its matrix in place. The PUT replaces the profile's
 * whole rule set, so the profile is read first and sent back with its name and description.
 */
export default function PermissoesPage() {
  const { t } = useTranslation(['comum', 'configuracoes', 'crud', 'menu']);
  const { message, modal } = App.useApp();
  const { pode } = useAutorizacao();
  const qc = useQueryClient();
  const [perfilId, setPerfilId] = useState<number>();
  const [matriz, setMatriz] = useState<Matriz>(() => matrizDoPerfil());
  const [erros, setErros] = useState<ErrosMatriz | null>(null);
  const [erroGeral, setErroGeral] = useState<string | null>(null);
  const [sujo, setSujo] = useState(false);
  useSaidaProtegida(sujo);
  useTitulo('menu:acessos.Permissoes');

  const opcoes = useQuery({
    queryKey: chaves('perfil').select(),
    queryFn: ({ signal }) => recurso.opcoes('perfil', {}, signal),
  });
  const ler = (id: number, signal?: AbortSignal) =>
    dados(cliente.GET('/api/perfil/{id}', { params: { path: { id } }, signal }));
  const q = useQuery({
    queryKey: chaves('perfil').item(perfilId),
    queryFn: ({ signal }) => ler(perfilId as number, signal),
    enabled: perfilId !== undefined,
  });

  useEffect(() => {
    if (q.data) {
      setMatriz(matrizDoPerfil(q.data));
      setSujo(false);
      setErros(null);
      setErroGeral(null);
    }
  }, [q.data]);

  const administrador = !!q.data?.administrador;
  const somenteLeitura = administrador || !pode('Permissoes', 'U');

  const escolher = (id: number | undefined) => {
    const trocar = () => {
      setSujo(false);
      setErros(null);
      setErroGeral(null);
      setPerfilId(id);
    };
    if (!sujo) return trocar();
    modal.confirm({
      title: t('comum:confirmarSaida'),
      okText: t('crud:sairSemSalvar'),
      okButtonProps: { danger: true },
      cancelText: t('crud:continuarEditando'),
      onOk: trocar,
    });
  };

  const desfazer = () => {
    if (!q.data) return;
    setMatriz(matrizDoPerfil(q.data));
    setSujo(false);
    setErros(null);
    setErroGeral(null);
  };

  // The latest stored name/description/active go back unchanged with the new rules; a refusal
  // marks the matrix's rows it names.
  const gravar = useMutation({
    mutationFn: async (regras: ReturnType<typeof corpoDaMatriz>) => {
      const atual = await ler(perfilId as number);
      return dados(
        cliente.PUT('/api/perfil/{id}', {
          params: { path: { id: atual.id } },
          body: { nome: atual.nome, descricao: atual.descricao, ativo: atual.ativo, ...regras },
        }),
      );
    },
    onMutate: () => {
      setErros(null);
      setErroGeral(null);
    },
    onSuccess: async () => {
      setSujo(false);
      await qc.invalidateQueries({ queryKey: chaves('perfil').todas });
      void message.success(t('comum:salvoComSucesso'));
    },
    onError: (e, regras) => {
      setErros(errosDaMatriz(e, regras));
      setErroGeral(mensagemDeErro(e));
    },
  });
  const salvar = () => {
    if (q.data && !gravar.isPending) gravar.mutate(corpoDaMatriz(matriz));
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('menu:acessos.Permissoes')}
      </Typography.Title>
      <Card size="small">
        <Space wrap>
          <label htmlFor="permissoes-perfil">{t('configuracoes:permissoes.perfil')}</label>
          <Select<number>
            id="permissoes-perfil"
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            style={{ minWidth: 320 }}
            placeholder={t('configuracoes:permissoes.escolherPerfil')}
            loading={opcoes.isPending}
            options={opcoes.data ?? []}
            value={perfilId}
            onChange={(v) => escolher(v ?? undefined)}
            data-testid="permissoes-perfil"
          />
        </Space>
      </Card>
      {opcoes.isError && <Alert type="error" showIcon title={mensagemDeErro(opcoes.error)} />}
      {perfilId === undefined ? (
        <Typography.Paragraph type="secondary">{t('configuracoes:permissoes.ajuda')}</Typography.Paragraph>
      ) : q.isError ? (
        <Alert type="error" showIcon title={mensagemDeErro(q.error)} />
      ) : (
        <Spin spinning={q.isPending}>
          <Card>
            {administrador && (
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 16 }}
                title={t('configuracoes:perfil.administradorAviso')}
              />
            )}
            {erroGeral && (
              <Alert
                type="error"
                showIcon
                style={{ marginBottom: 16 }}
                title={erroGeral}
                description={erros && erros.size > 0 ? <ListaErrosMatriz erros={erros} /> : undefined}
                data-testid="erro-permissoes"
              />
            )}
            <MatrizPermissoes
              valor={matriz}
              desabilitado={somenteLeitura}
              erros={erros}
              aoMudar={(m) => {
                setMatriz(m);
                setSujo(true);
              }}
            />
            {!somenteLeitura && (
              <Space wrap style={{ marginTop: 16 }}>
                <Button type="primary" loading={gravar.isPending} disabled={!sujo} onClick={salvar}>
                  {t('comum:salvar')}
                </Button>
                <Button disabled={!sujo || gravar.isPending} onClick={desfazer}>
                  {t('configuracoes:permissoes.desfazer')}
                </Button>
              </Space>
            )}
          </Card>
        </Spin>
      )}
    </Space>
  );
}
