import { describe, expect, it } from 'vitest';
import { problemasDoDocumento } from './openapi-conferencia.js';
import { idDaOperacao } from './platform/openapi.js';

describe('idDaOperacao', () => {
  it('names an operation from its method and path, in camelCase Portuguese', () => {
    expect(idDaOperacao('GET', '/api/conta-a-receber/paginado')).toBe('listarContaAReceberPaginado');
    expect(idDaOperacao('GET', '/api/pessoa/:id')).toBe('obterPessoaPorId');
    expect(idDaOperacao('PUT', '/api/pessoa/:id')).toBe('atualizarPessoaPorId');
    expect(idDaOperacao('PUT', '/api/perfil/')).toBe('atualizarPerfil');
    expect(idDaOperacao('POST', '/api/pessoa/:id/anonimizar')).toBe('criarPessoaAnonimizar');
    expect(idDaOperacao('DELETE', '/api/organizacao/{id}/usuarios/{usuarioId}')).toBe(
      'excluirOrganizacaoUsuariosPorUsuarioId',
    );
    expect(idDaOperacao('GET', '/api/auditoria-acesso/historico/:entidade/:entidadeId')).toBe(
      'obterAuditoriaAcessoHistoricoPorEntidadeEntidadeId',
    );
  });
});

const documento = (operacoes: Record<string, Record<string, object>>) => ({
  openapi: '3.0.3',
  info: { title: 'teste', version: '1' },
  paths: operacoes,
});
const resposta = { responses: { 200: { description: 'ok' } } };

describe('problemasDoDocumento', () => {
  it('passes a sound document', async () => {
    expect(await problemasDoDocumento(documento({ '/a': { get: { operationId: 'listarA', ...resposta } } }))).toEqual(
      [],
    );
  });

  it('finds missing and repeated operationIds', async () => {
    const problemas = await problemasDoDocumento(
      documento({
        '/a': { get: { operationId: 'listarA', ...resposta }, post: resposta },
        '/b': { get: { operationId: 'listarA', ...resposta } },
      }),
    );
    expect(problemas).toEqual(['POST /a: no operationId', "GET /b: operationId listarA is also GET /a's"]);
  });

  it('finds a default its own schema refuses, and what the validator refuses', async () => {
    const corpo = {
      requestBody: {
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: { participantes: { type: 'array', items: { type: 'integer' }, minItems: 1, default: [] } },
            },
          },
        },
      },
    };
    const problemas = await problemasDoDocumento(
      documento({ '/a': { post: { operationId: 'criarA', ...corpo, ...resposta } } }),
    );
    expect(problemas).toHaveLength(1);
    expect(problemas[0]).toContain('participantes: default []');
    expect(await problemasDoDocumento({ openapi: '3.0.3', paths: {} })).not.toEqual([]);
  });
});
