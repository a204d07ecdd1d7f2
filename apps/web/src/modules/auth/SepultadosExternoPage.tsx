import type { SepultadosPublicos } from '@sig/contracts';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { clienteDiscreto, dados } from '../../platform/cliente';
import { dataParaTela } from '../../platform/crud/definicao';
import { mensagemDeErro } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { PublicoCard } from './PublicoCard';

/**
 * `/externo/sepultados`: "where is buried", for anyone (issue 20). The cemeteries that opted in
 * answer a part of the name with the name, dates and plot only. The name typed stays in the
 * address, so a result can be shared.
 */
export default function SepultadosExternoPage() {
  const { t, i18n } = useTranslation(['publico']);
  useTitulo('publico:titulos.sepultados');
  const [parametros, setParametros] = useSearchParams();
  const [resultado, setResultado] = useState<SepultadosPublicos | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const [buscando, setBuscando] = useState(false);

  const buscar = async ({ nome }: { nome: string }) => {
    setParametros({ nome }, { replace: true });
    setBuscando(true);
    setErro(null);
    try {
      setResultado(await dados(clienteDiscreto.GET('/api/falecido/publico', { params: { query: { nome } } })));
    } catch (e) {
      setResultado(null);
      setErro(mensagemDeErro(e) || t('publico:sepultados.erro'));
    } finally {
      setBuscando(false);
    }
  };
  const data = (v: string | null) => (v ? dataParaTela(v, i18n.language) : '—');

  return (
    <PublicoCard titulo={t('publico:sepultados.titulo')}>
      <Flex vertical gap="middle">
        <p style={{ margin: 0 }}>{t('publico:sepultados.ajuda')}</p>
        <Form
          layout="vertical"
          onFinish={buscar}
          initialValues={{ nome: parametros.get('nome') ?? '' }}
          data-testid="form-sepultados"
        >
          <Form.Item
            name="nome"
            label={t('publico:sepultados.nome')}
            rules={[{ required: true, whitespace: true, min: 3, message: t('publico:sepultados.ajuda') }]}
          >
            <Input autoComplete="off" maxLength={100} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={buscando} block>
            {t('publico:sepultados.buscar')}
          </Button>
        </Form>
        {erro && <Alert type="warning" showIcon title={erro} />}
        {resultado && !resultado.itens.length && <Alert type="info" showIcon title={t('publico:sepultados.nenhum')} />}
        {resultado && resultado.itens.length > 0 && (
          <ul aria-live="polite" data-testid="sepultados" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {resultado.itens.map((s) => (
              <li
                key={`${s.cemiterioNome}-${s.jazigoRotulo}-${s.nome}-${s.dataSepultamento}`}
                style={{ borderTop: '1px solid #f0f0f0', padding: '8px 0' }}
              >
                <strong>{s.nome}</strong>
                <div>
                  {t('publico:sepultados.nascimento')}: {data(s.dataNascimento)} · {t('publico:sepultados.falecimento')}
                  : {data(s.dataFalecimento)} · {t('publico:sepultados.sepultamento')}: {data(s.dataSepultamento)}
                </div>
                <div>
                  {t('publico:sepultados.cemiterio')}: {s.cemiterioNome}
                  {s.cemiterioEndereco ? ` (${s.cemiterioEndereco})` : ''} · {t('publico:sepultados.jazigo')}:{' '}
                  {s.jazigoRotulo}
                </div>
              </li>
            ))}
          </ul>
        )}
        {resultado?.maisResultados && <Alert type="info" showIcon title={t('publico:sepultados.mais')} />}
      </Flex>
    </PublicoCard>
  );
}
