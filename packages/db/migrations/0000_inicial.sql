CREATE TABLE "auditoria_acesso" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auditoria_acesso_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"evento" text NOT NULL,
	"usuario_id" integer,
	"login" text,
	"organizacao_id" integer,
	"acesso" text,
	"metodo" text,
	"rota" text,
	"status" smallint,
	"ip" text,
	"user_agent" text,
	"duracao_ms" integer,
	"criado_em" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "caixa_saida" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "caixa_saida_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"para" text NOT NULL,
	"assunto" text NOT NULL,
	"texto" text NOT NULL,
	"html" text,
	"situacao" text DEFAULT 'PENDENTE' NOT NULL,
	"tentativas" smallint DEFAULT 0 NOT NULL,
	"erro" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "codigo_verificacao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "codigo_verificacao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"usuario_id" integer NOT NULL,
	"finalidade" text NOT NULL,
	"codigo_hash" text NOT NULL,
	"tentativas" smallint DEFAULT 0 NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"usado_em" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "historico_alteracao" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "historico_alteracao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entidade" text NOT NULL,
	"entidade_id" integer NOT NULL,
	"operacao" text NOT NULL,
	"campo" text,
	"valor_anterior" jsonb,
	"valor_novo" jsonb,
	"usuario_id" integer,
	"organizacao_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "perfil" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "perfil_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"descricao" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"padrao_cadastro" boolean DEFAULT false NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"excluido_em" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "perfil_campo" (
	"perfil_id" integer NOT NULL,
	"acesso" text NOT NULL,
	"campo" text NOT NULL,
	"visualizar" boolean,
	"atualizar" boolean,
	CONSTRAINT "perfil_campo_perfil_id_acesso_campo_pk" PRIMARY KEY("perfil_id","acesso","campo")
);
--> statement-breakpoint
CREATE TABLE "perfil_permissao" (
	"perfil_id" integer NOT NULL,
	"acesso" text NOT NULL,
	"listar" boolean DEFAULT false NOT NULL,
	"visualizar" boolean DEFAULT false NOT NULL,
	"criar" boolean DEFAULT false NOT NULL,
	"atualizar" boolean DEFAULT false NOT NULL,
	"excluir" boolean DEFAULT false NOT NULL,
	"somente_propria_organizacao" boolean DEFAULT false NOT NULL,
	CONSTRAINT "perfil_permissao_perfil_id_acesso_pk" PRIMARY KEY("perfil_id","acesso")
);
--> statement-breakpoint
CREATE TABLE "pessoa" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pessoa_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"sobrenome" text DEFAULT '' NOT NULL,
	"cpf" text,
	"email" text,
	"organizacao_id" integer NOT NULL,
	"pre_cadastro" boolean DEFAULT false NOT NULL,
	"excluido_em" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sessao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"usuario_id" integer NOT NULL,
	"organizacao_id" integer NOT NULL,
	"perfil_id" integer NOT NULL,
	"pendente2_fa" boolean DEFAULT false NOT NULL,
	"ip" text,
	"user_agent" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"ultimo_uso_em" timestamp with time zone DEFAULT now() NOT NULL,
	"revogado_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tentativa_login" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tentativa_login_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"login" text NOT NULL,
	"ip" text NOT NULL,
	"sucesso" boolean NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuario" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "usuario_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pessoa_id" integer NOT NULL,
	"email" text NOT NULL,
	"senha_hash" text NOT NULL,
	"trocar_senha" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"totp_segredo_cifrado" text,
	"totp_ativo" boolean DEFAULT false NOT NULL,
	"bloqueado_ate" timestamp with time zone,
	"senha_alterada_em" timestamp with time zone,
	"ultimo_acesso_em" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuario_organizacao" (
	"usuario_id" integer NOT NULL,
	"organizacao_id" integer NOT NULL,
	"perfil_id" integer NOT NULL,
	"padrao" boolean DEFAULT false NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usuario_organizacao_usuario_id_organizacao_id_pk" PRIMARY KEY("usuario_id","organizacao_id")
);
--> statement-breakpoint
CREATE TABLE "organizacao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organizacao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"razao_social" text NOT NULL,
	"nome_fantasia" text NOT NULL,
	"cnpj" text,
	"inscricao_estadual" text,
	"inscricao_municipal" text,
	"tipo_organizacao_id" integer NOT NULL,
	"situacao" text DEFAULT 'ATIVA' NOT NULL,
	"organizacao_pai_id" integer,
	"caminho" text DEFAULT '' NOT NULL,
	"nivel" smallint DEFAULT 0 NOT NULL,
	"data_criacao" date,
	"data_dissolucao" date,
	"registro_estatuto" text,
	"token_asaas_cifrado" text,
	"logo" text,
	"dia_vencimento_contribuicao" smallint,
	"valor_padrao_contribuicao" numeric(14, 2),
	"tipo_valor_contribuicao" text,
	"lancamento_caixa_automatico" boolean DEFAULT false NOT NULL,
	"conta_culto_id" integer,
	"conta_caixa_entrada_id" integer,
	"conta_caixa_saida_id" integer,
	"conta_credito_id" integer,
	"conta_debito_id" integer,
	"excluido_em" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizacao_campo_trabalho" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organizacao_campo_trabalho_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organizacao_id" integer NOT NULL,
	"tipo_campo_trabalho_id" integer NOT NULL,
	"descricao" text
);
--> statement-breakpoint
CREATE TABLE "organizacao_conta_bancaria" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organizacao_conta_bancaria_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organizacao_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"banco_id" integer NOT NULL,
	"agencia" text NOT NULL,
	"conta" text NOT NULL,
	"tipo_chave_pix" text,
	"chave_pix" text,
	"titular" text
);
--> statement-breakpoint
CREATE TABLE "organizacao_contato" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organizacao_contato_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organizacao_id" integer NOT NULL,
	"tipo_contato_id" integer NOT NULL,
	"valor" text NOT NULL,
	"observacao" text,
	"principal" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizacao_endereco" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organizacao_endereco_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organizacao_id" integer NOT NULL,
	"tipo_endereco_id" integer,
	"cep" text NOT NULL,
	"logradouro" text NOT NULL,
	"numero" text,
	"bairro" text,
	"cidade_id" integer,
	"complemento" text,
	"ponto_referencia" text,
	"caixa_postal" text,
	"correspondencia" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"preferencial" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banco" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "banco_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"codigo" text NOT NULL,
	"url_imagem" text,
	"ordem" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "banco_codigo_unique" UNIQUE("codigo")
);
--> statement-breakpoint
CREATE TABLE "cidade" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cidade_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"estado_id" integer,
	"pais_id" integer,
	"codigo_ibge" text
);
--> statement-breakpoint
CREATE TABLE "estado" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "estado_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"sigla" text NOT NULL,
	"pais_id" integer
);
--> statement-breakpoint
CREATE TABLE "pais" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pais_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"sigla" text
);
--> statement-breakpoint
CREATE TABLE "tipo_campo_trabalho" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tipo_campo_trabalho_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tipo_contato" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tipo_contato_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"mascara" text
);
--> statement-breakpoint
CREATE TABLE "tipo_endereco" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tipo_endereco_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tipo_organizacao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tipo_organizacao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"nivel" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "codigo_verificacao" ADD CONSTRAINT "codigo_verificacao_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "perfil_campo" ADD CONSTRAINT "perfil_campo_perfil_id_perfil_id_fk" FOREIGN KEY ("perfil_id") REFERENCES "public"."perfil"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "perfil_permissao" ADD CONSTRAINT "perfil_permissao_perfil_id_perfil_id_fk" FOREIGN KEY ("perfil_id") REFERENCES "public"."perfil"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa" ADD CONSTRAINT "pessoa_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessao" ADD CONSTRAINT "sessao_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessao" ADD CONSTRAINT "sessao_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessao" ADD CONSTRAINT "sessao_perfil_id_perfil_id_fk" FOREIGN KEY ("perfil_id") REFERENCES "public"."perfil"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario" ADD CONSTRAINT "usuario_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_organizacao" ADD CONSTRAINT "usuario_organizacao_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_organizacao" ADD CONSTRAINT "usuario_organizacao_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_organizacao" ADD CONSTRAINT "usuario_organizacao_perfil_id_perfil_id_fk" FOREIGN KEY ("perfil_id") REFERENCES "public"."perfil"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizacao" ADD CONSTRAINT "organizacao_tipo_organizacao_id_tipo_organizacao_id_fk" FOREIGN KEY ("tipo_organizacao_id") REFERENCES "public"."tipo_organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizacao_campo_trabalho" ADD CONSTRAINT "organizacao_campo_trabalho_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizacao_campo_trabalho" ADD CONSTRAINT "organizacao_campo_trabalho_tipo_campo_trabalho_id_tipo_campo_trabalho_id_fk" FOREIGN KEY ("tipo_campo_trabalho_id") REFERENCES "public"."tipo_campo_trabalho"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizacao_conta_bancaria" ADD CONSTRAINT "organizacao_conta_bancaria_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizacao_conta_bancaria" ADD CONSTRAINT "organizacao_conta_bancaria_banco_id_banco_id_fk" FOREIGN KEY ("banco_id") REFERENCES "public"."banco"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizacao_contato" ADD CONSTRAINT "organizacao_contato_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizacao_contato" ADD CONSTRAINT "organizacao_contato_tipo_contato_id_tipo_contato_id_fk" FOREIGN KEY ("tipo_contato_id") REFERENCES "public"."tipo_contato"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizacao_endereco" ADD CONSTRAINT "organizacao_endereco_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizacao_endereco" ADD CONSTRAINT "organizacao_endereco_tipo_endereco_id_tipo_endereco_id_fk" FOREIGN KEY ("tipo_endereco_id") REFERENCES "public"."tipo_endereco"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizacao_endereco" ADD CONSTRAINT "organizacao_endereco_cidade_id_cidade_id_fk" FOREIGN KEY ("cidade_id") REFERENCES "public"."cidade"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cidade" ADD CONSTRAINT "cidade_estado_id_estado_id_fk" FOREIGN KEY ("estado_id") REFERENCES "public"."estado"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cidade" ADD CONSTRAINT "cidade_pais_id_pais_id_fk" FOREIGN KEY ("pais_id") REFERENCES "public"."pais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estado" ADD CONSTRAINT "estado_pais_id_pais_id_fk" FOREIGN KEY ("pais_id") REFERENCES "public"."pais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auditoria_acesso_criado_idx" ON "auditoria_acesso" USING btree ("criado_em");--> statement-breakpoint
CREATE INDEX "auditoria_acesso_usuario_idx" ON "auditoria_acesso" USING btree ("usuario_id","criado_em");--> statement-breakpoint
CREATE INDEX "auditoria_acesso_org_idx" ON "auditoria_acesso" USING btree ("organizacao_id","criado_em");--> statement-breakpoint
CREATE INDEX "caixa_saida_situacao_idx" ON "caixa_saida" USING btree ("situacao","criado_em");--> statement-breakpoint
CREATE INDEX "codigo_verificacao_hash_idx" ON "codigo_verificacao" USING btree ("codigo_hash");--> statement-breakpoint
CREATE INDEX "codigo_verificacao_usuario_idx" ON "codigo_verificacao" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "historico_alteracao_entidade_idx" ON "historico_alteracao" USING btree ("entidade","entidade_id","criado_em");--> statement-breakpoint
CREATE UNIQUE INDEX "perfil_nome_uq" ON "perfil" USING btree (lower("nome")) WHERE "perfil"."excluido_em" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "pessoa_cpf_uq" ON "pessoa" USING btree ("cpf") WHERE "pessoa"."cpf" is not null and "pessoa"."excluido_em" is null;--> statement-breakpoint
CREATE INDEX "pessoa_organizacao_idx" ON "pessoa" USING btree ("organizacao_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessao_token_uq" ON "sessao" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessao_usuario_idx" ON "sessao" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "tentativa_login_login_idx" ON "tentativa_login" USING btree ("login","criado_em");--> statement-breakpoint
CREATE INDEX "tentativa_login_ip_idx" ON "tentativa_login" USING btree ("ip","criado_em");--> statement-breakpoint
CREATE UNIQUE INDEX "usuario_email_uq" ON "usuario" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "usuario_pessoa_uq" ON "usuario" USING btree ("pessoa_id");--> statement-breakpoint
CREATE INDEX "usuario_organizacao_org_idx" ON "usuario_organizacao" USING btree ("organizacao_id");--> statement-breakpoint
CREATE INDEX "organizacao_caminho_idx" ON "organizacao" USING btree ("caminho" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "organizacao_pai_idx" ON "organizacao" USING btree ("organizacao_pai_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organizacao_cnpj_uq" ON "organizacao" USING btree ("cnpj") WHERE "organizacao"."cnpj" is not null and "organizacao"."excluido_em" is null;--> statement-breakpoint
CREATE INDEX "organizacao_campo_trabalho_org_idx" ON "organizacao_campo_trabalho" USING btree ("organizacao_id");--> statement-breakpoint
CREATE INDEX "organizacao_conta_bancaria_org_idx" ON "organizacao_conta_bancaria" USING btree ("organizacao_id");--> statement-breakpoint
CREATE INDEX "organizacao_contato_org_idx" ON "organizacao_contato" USING btree ("organizacao_id");--> statement-breakpoint
CREATE INDEX "organizacao_endereco_org_idx" ON "organizacao_endereco" USING btree ("organizacao_id");--> statement-breakpoint
CREATE INDEX "cidade_estado_idx" ON "cidade" USING btree ("estado_id");--> statement-breakpoint
CREATE UNIQUE INDEX "estado_sigla_uq" ON "estado" USING btree ("pais_id","sigla");--> statement-breakpoint
CREATE UNIQUE INDEX "pais_nome_uq" ON "pais" USING btree (lower("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "tipo_organizacao_nome_uq" ON "tipo_organizacao" USING btree (lower("nome"));