import type { Perfil, SelectOpcao } from '@sig/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Select, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api';
import { useAutorizacao } from '../../platform/autorizacao';
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
  const [enviando, setEnviando] = useState(false);
  useSaidaProtegida(sujo);
  useTitulo('menu:acessos.Permissoes');

  const opcoes = useQuery({
    queryKey: ['perfil', 'select'],
    queryFn: ({ signal }) => api.get<SelectOpcao[]>('perfil/select', undefined, { sinal: signal }),
  });
  const q = useQuery({
    queryKey: ['perfil', 'item', perfilId],
    queryFn: ({ signal }) => api.get<Perfil>(`perfil/${perfilId}`, undefined, { sinal: signal }),
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

  const salvar = async () => {
    if (!q.data || enviando) return;
    const regras = corpoDaMatriz(matriz);
    setEnviando(true);
    setErros(null);
    setErroGeral(null);
    try {
      // The latest stored name/description/active go back unchanged with the new rules.
      const atual = await api.get<Perfil>(`perfil/${q.data.id}`);
      await api.putId('perfil', atual.id, {
        nome: atual.nome,
        descricao: atual.descricao,
        ativo: atual.ativo,
        ...regras,
      });
      setSujo(false);
      await qc.invalidateQueries({ queryKey: ['perfil'] });
      void message.success(t('comum:salvoComSucesso'));
    } catch (e) {
      setErros(errosDaMatriz(e, regras));
      setErroGeral(mensagemDeErro(e));
    } finally {
      setEnviando(false);
    }
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
                <Button type="primary" loading={enviando} disabled={!sujo} onClick={() => void salvar()}>
                  {t('comum:salvar')}
                </Button>
                <Button disabled={!sujo || enviando} onClick={desfazer}>
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
