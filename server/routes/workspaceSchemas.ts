/**
 * JSON schemas of the share workspace calls (person, company, bank, proposal, share details, risk
 * report). They describe src/domain/workspace.ts; the serializer drops anything not listed here.
 */
import { DOCUMENT_TYPES, OWNER_ROLES, PAYMENT_TYPES } from '../../src/domain/enums';
import { SHARE_STATES } from '../../src/domain/shareStates';
import { dateTime } from '../http/schemas';

const str = { type: 'string' } as const;
const nstr = { type: ['string', 'null'] } as const;
const text = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const;

export const uuid = { type: 'string', format: 'uuid' } as const;

export const addressSchema = {
  type: ['object', 'null'],
  properties: { zip: text(9), address: text(200), number: text(20), district: text(120), city: text(120), state: text(2) },
  additionalProperties: false,
} as const;

export const fileRefSchema = {
  type: 'object',
  properties: {
    fileId: str,
    fileName: str,
    filePath: { type: 'string', description: 'What POST /storage/generate_link takes.' },
    size: { type: ['integer', 'null'] },
    contentType: nstr,
    documentType: { type: ['string', 'null'], enum: [...DOCUMENT_TYPES, null] },
    uploadedAt: dateTime,
  },
  required: ['fileId', 'fileName', 'filePath', 'size', 'contentType', 'documentType', 'uploadedAt'],
} as const;

export const dataOf = <T extends object>(item: T) => ({ type: 'object', properties: { data: { type: 'array', items: item } }, required: ['data'] }) as const;

export const contractNumberQuery = {
  type: 'object',
  properties: { contractNumber: { type: 'string', minLength: 1, maxLength: 64 } },
  required: ['contractNumber'],
  additionalProperties: false,
} as const;

export const withDocumentsQuery = {
  type: 'object',
  properties: {
    contractNumber: { type: 'string', minLength: 1, maxLength: 64 },
    withDocuments: { type: 'boolean', default: false, description: 'Honoured only for a fund user or a brand with displayDocumentsInBackoffice (SPEC §6).' },
  },
  required: ['contractNumber'],
  additionalProperties: false,
} as const;

export const shareIdQuery = { type: 'object', properties: { shareId: uuid }, required: ['shareId'], additionalProperties: false } as const;
export const proposalIdQuery = { type: 'object', properties: { proposalId: uuid }, required: ['proposalId'], additionalProperties: false } as const;

const personFields = {
  name: text(200),
  cpf: text(14),
  phone: text(20),
  email: text(254),
  rg: text(30),
  documentDispatcher: text(60),
  occupation: text(120),
  maritalStatus: text(60),
  nationality: text(60),
  address: addressSchema,
} as const;

export const personRecordSchema = {
  type: 'object',
  properties: {
    personId: str,
    signer: { type: 'integer', enum: [1, 2] },
    ownerRole: { type: 'string', enum: OWNER_ROLES },
    ...personFields,
    documents: { type: 'array', items: fileRefSchema },
  },
  required: ['personId', 'signer', 'ownerRole', 'name', 'cpf', 'phone', 'email'],
} as const;

export const personInputSchema = {
  type: 'object',
  properties: {
    signer: { type: 'integer', enum: [1, 2], description: '1: first signer (Person); 2: second signer (co-person).' },
    personId: { type: 'string', maxLength: 64 },
    ownerRole: { type: 'string', enum: OWNER_ROLES },
    ...personFields,
  },
  required: ['signer'],
  additionalProperties: false,
} as const;

export const personSaveBody = {
  type: 'object',
  properties: { shareId: uuid, person: personInputSchema },
  required: ['shareId', 'person'],
  additionalProperties: false,
} as const;

export const personDeleteBody = {
  type: 'object',
  properties: {
    shareId: uuid,
    person: {
      type: 'object',
      properties: { signer: { type: 'integer', enum: [1, 2] }, personId: { type: 'string', maxLength: 64 } },
      additionalProperties: false,
    },
  },
  required: ['shareId', 'person'],
  additionalProperties: false,
} as const;

export const personDeleteResponse = {
  type: 'object',
  properties: { personId: str, signer: { type: 'integer' } },
  required: ['personId', 'signer'],
} as const;

const companyFields = { name: text(200), cnpj: text(18), primaryPhone: text(20), email: text(254), address: addressSchema } as const;

export const companyRecordSchema = {
  type: 'object',
  properties: { shareId: str, ...companyFields, documents: { type: 'array', items: fileRefSchema } },
  required: ['shareId', 'name', 'cnpj', 'primaryPhone', 'email', 'address'],
} as const;

export const companySaveBody = {
  type: 'object',
  properties: { shareId: uuid, company: { type: 'object', properties: companyFields, additionalProperties: false } },
  required: ['shareId', 'company'],
  additionalProperties: false,
} as const;

export const bankRecordSchema = {
  type: 'object',
  properties: { bankId: str, name: nstr, code: nstr, agency: nstr, account: nstr, selected: { type: 'boolean' } },
  required: ['bankId', 'name', 'code', 'agency', 'account', 'selected'],
} as const;

export const brazilianBankSchema = {
  type: 'object',
  properties: { code: str, name: str, ispb: nstr, commercialName: str },
  required: ['code', 'name', 'ispb'],
} as const;

export const bankSaveBody = {
  type: 'object',
  properties: {
    shareId: uuid,
    bank: {
      type: 'object',
      properties: {
        bankId: { type: 'string', maxLength: 64 },
        code: { type: 'string', maxLength: 3 },
        agency: { type: 'string', maxLength: 7 },
        account: { type: 'string', maxLength: 15 },
        name: { type: ['string', 'null'], maxLength: 200, description: 'Ignored: the name comes from the list of Brazilian banks.' },
        selected: { type: 'boolean', description: 'Ignored: `select` decides.' },
      },
      required: ['code', 'agency', 'account'],
      additionalProperties: false,
    },
    select: { type: 'boolean', description: 'true makes this the share’s only selected account, false unselects it; left out, an existing account keeps its selection and a new one starts unselected.' },
  },
  required: ['shareId', 'bank'],
  additionalProperties: false,
} as const;

const priceString = { type: 'string', description: 'Decimal with two places, e.g. "12500.00".' } as const;
const priceInput = { anyOf: [{ type: 'string', maxLength: 20 }, { type: 'number' }] } as const;

export const proposalSchema = {
  type: 'object',
  properties: {
    proposalId: str,
    shareId: str,
    playerId: { type: ['integer', 'null'] },
    playerName: nstr,
    fundId: { type: ['integer', 'null'] },
    fundName: nstr,
    price: priceString,
    prices: { type: 'array', items: { type: 'object', properties: { label: str, price: priceString }, required: ['label', 'price'] } },
    paymentType: { type: 'string', enum: PAYMENT_TYPES },
    status: { type: 'string', enum: ['open', 'selected', 'released', 'accepted', 'rejected'] },
    selected: { type: 'boolean' },
    createdAt: dateTime,
    updatedAt: dateTime,
  },
  required: ['proposalId', 'shareId', 'playerId', 'playerName', 'fundId', 'fundName', 'price', 'prices', 'paymentType', 'status', 'selected', 'createdAt', 'updatedAt'],
} as const;

export const proposalSelectBody = { type: 'object', properties: { proposalId: uuid }, required: ['proposalId'], additionalProperties: false } as const;

export const editPriceBody = {
  type: 'object',
  properties: {
    shareId: uuid,
    ownerDocument: { type: 'string', minLength: 1, maxLength: 20, description: "The share's owner CPF or CNPJ, masked or not: a guard against editing the wrong share." },
    proposalId: uuid,
    price: priceInput,
    prices: {
      type: 'array',
      maxItems: 10,
      items: { type: 'object', properties: { label: { type: 'string', minLength: 1, maxLength: 60 }, price: priceInput }, required: ['label', 'price'], additionalProperties: false },
    },
  },
  required: ['shareId', 'ownerDocument', 'proposalId', 'price'],
  additionalProperties: false,
} as const;

export const transferInformationSchema = {
  type: 'object',
  properties: {
    proposalId: str,
    transferFee: priceString,
    dueDate: { type: ['string', 'null'], format: 'date' },
    buyer: { type: ['object', 'null'], properties: { name: str, document: str }, required: ['name', 'document'] },
    billetLine: nstr,
  },
  required: ['proposalId', 'transferFee', 'dueDate', 'buyer', 'billetLine'],
} as const;

export const paymentInformationSchema = {
  type: 'object',
  properties: {
    proposalId: str,
    paymentType: { type: 'string', enum: PAYMENT_TYPES },
    amount: priceString,
    installments: { type: 'integer' },
    paidDate: { type: ['string', 'null'], format: 'date-time' },
    proof: { anyOf: [fileRefSchema, { type: 'null' }] },
  },
  required: ['proposalId', 'paymentType', 'amount', 'installments', 'paidDate', 'proof'],
} as const;

export const signerStatusSchema = {
  type: 'object',
  properties: {
    signer: { type: 'integer', enum: [1, 2] },
    name: nstr,
    basicDataFilled: { type: 'boolean' },
    complete: { type: 'boolean' },
    signed: { type: 'boolean' },
    signedAt: { type: ['string', 'null'], format: 'date-time' },
  },
  required: ['signer', 'name', 'basicDataFilled', 'complete', 'signed', 'signedAt'],
} as const;

const stateOrNull = { type: ['string', 'null'], enum: [...SHARE_STATES, null] } as const;

export const historyEntrySchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    action: str,
    fromState: stateOrNull,
    toState: stateOrNull,
    user: { type: ['object', 'null'], properties: { userId: str, name: str }, required: ['userId', 'name'] },
    at: dateTime,
    files: { type: 'array', items: fileRefSchema },
    note: nstr,
  },
  required: ['id', 'action', 'fromState', 'toState', 'user', 'at', 'files', 'note'],
} as const;

export const shareIdBody = { type: 'object', properties: { shareId: uuid }, required: ['shareId'], additionalProperties: false } as const;

export const riskReportSchema = {
  type: 'object',
  properties: {
    shareId: str,
    result: { type: 'string', enum: ['approved', 'review', 'rejected'] },
    generatedAt: dateTime,
    sources: {
      type: 'array',
      items: {
        type: 'object',
        properties: { source: str, result: { type: 'string', enum: ['approved', 'review', 'rejected'] }, detail: str },
        required: ['source', 'result', 'detail'],
      },
    },
  },
  required: ['shareId', 'result', 'generatedAt', 'sources'],
} as const;
