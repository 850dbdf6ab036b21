import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121000000_foundation } from './Migration20261121000000_foundation.ts';
import { Migration20261121000100_product_counts } from './Migration20261121000100_product_counts.ts';
import { Migration20261121000200_contacts } from './Migration20261121000200_contacts.ts';
import { Migration20261121000300_opportunities } from './Migration20261121000300_opportunities.ts';
import { Migration20261121000400_invoices } from './Migration20261121000400_invoices.ts';
import { Migration20261121000500_quotes } from './Migration20261121000500_quotes.ts';
import { Migration20261121000600_stock } from './Migration20261121000600_stock.ts';
import { Migration20261121000700_webhooks } from './Migration20261121000700_webhooks.ts';
import { Migration20261121000800_delivery_dispatch } from './Migration20261121000800_delivery_dispatch.ts';
import { Migration20261123000000_lifecycles } from './Migration20261123000000_lifecycles.ts';
import { Migration20261123000100_product_archive } from './Migration20261123000100_product_archive.ts';
import { Migration20261123000200_workspace_identity } from './Migration20261123000200_workspace_identity.ts';
import { Migration20261123000300_invoice_buyer } from './Migration20261123000300_invoice_buyer.ts';
import { Migration20261123000400_documents } from './Migration20261123000400_documents.ts';
import { Migration20261124000200_list_counts } from './Migration20261124000200_list_counts.ts';
import { Migration20261124000300_product_counts_unmoved } from './Migration20261124000300_product_counts_unmoved.ts';
import { Migration20261124000600_search_columns } from './Migration20261124000600_search_columns.ts';
import { Migration20261125000000_product_search_column } from './Migration20261125000000_product_search_column.ts';
import { Migration20261125000100_ledger_workspace_key } from './Migration20261125000100_ledger_workspace_key.ts';
import { Migration20261125000200_product_search_keys } from './Migration20261125000200_product_search_keys.ts';
import { Migration20261125000300_contact_company_cover } from './Migration20261125000300_contact_company_cover.ts';
import { Migration20261128000000_product_search_long_keys } from './Migration20261128000000_product_search_long_keys.ts';
import { Migration20261128000100_company_search_compact_vat } from './Migration20261128000100_company_search_compact_vat.ts';
import { Migration20261128000300_encrypted_webhook_secrets } from './Migration20261128000300_encrypted_webhook_secrets.ts';
import { Migration20261128000500_einvoicing } from './Migration20261128000500_einvoicing.ts';
import { Migration20261129000900_supplier_invoices } from './Migration20261129000900_supplier_invoices.ts';
import { Migration20261129001000_owed_status_delivery } from './Migration20261129001000_owed_status_delivery.ts';
import { Migration20261130000000_invoice_delivery_date_vat_exemption } from './Migration20261130000000_invoice_delivery_date_vat_exemption.ts';
import { Migration20261201000000_people } from './Migration20261201000000_people.ts';
import { Migration20261201100000_document_search } from './Migration20261201100000_document_search.ts';
import { Migration20261201100100_record_timeline } from './Migration20261201100100_record_timeline.ts';
import { Migration20261201100200_dashboard_receivables } from './Migration20261201100200_dashboard_receivables.ts';

/** Every migration, in order. New ones are appended here. */
export const migrations: MigrationObject[] = [
  { name: 'Migration20261121000000_foundation', class: Migration20261121000000_foundation },
  { name: 'Migration20261121000100_product_counts', class: Migration20261121000100_product_counts },
  { name: 'Migration20261121000200_contacts', class: Migration20261121000200_contacts },
  { name: 'Migration20261121000300_opportunities', class: Migration20261121000300_opportunities },
  { name: 'Migration20261121000400_invoices', class: Migration20261121000400_invoices },
  { name: 'Migration20261121000500_quotes', class: Migration20261121000500_quotes },
  { name: 'Migration20261121000600_stock', class: Migration20261121000600_stock },
  { name: 'Migration20261121000700_webhooks', class: Migration20261121000700_webhooks },
  { name: 'Migration20261121000800_delivery_dispatch', class: Migration20261121000800_delivery_dispatch },
  { name: 'Migration20261123000000_lifecycles', class: Migration20261123000000_lifecycles },
  { name: 'Migration20261123000100_product_archive', class: Migration20261123000100_product_archive },
  { name: 'Migration20261123000200_workspace_identity', class: Migration20261123000200_workspace_identity },
  { name: 'Migration20261123000300_invoice_buyer', class: Migration20261123000300_invoice_buyer },
  { name: 'Migration20261123000400_documents', class: Migration20261123000400_documents },
  { name: 'Migration20261124000200_list_counts', class: Migration20261124000200_list_counts },
  {
    name: 'Migration20261124000300_product_counts_unmoved',
    class: Migration20261124000300_product_counts_unmoved,
  },
  { name: 'Migration20261124000600_search_columns', class: Migration20261124000600_search_columns },
  {
    name: 'Migration20261125000000_product_search_column',
    class: Migration20261125000000_product_search_column,
  },
  {
    name: 'Migration20261125000100_ledger_workspace_key',
    class: Migration20261125000100_ledger_workspace_key,
  },
  {
    name: 'Migration20261125000200_product_search_keys',
    class: Migration20261125000200_product_search_keys,
  },
  {
    name: 'Migration20261125000300_contact_company_cover',
    class: Migration20261125000300_contact_company_cover,
  },
  {
    name: 'Migration20261128000000_product_search_long_keys',
    class: Migration20261128000000_product_search_long_keys,
  },
  {
    name: 'Migration20261128000100_company_search_compact_vat',
    class: Migration20261128000100_company_search_compact_vat,
  },
  {
    name: 'Migration20261128000300_encrypted_webhook_secrets',
    class: Migration20261128000300_encrypted_webhook_secrets,
  },
  { name: 'Migration20261128000500_einvoicing', class: Migration20261128000500_einvoicing },
  {
    name: 'Migration20261129000900_supplier_invoices',
    class: Migration20261129000900_supplier_invoices,
  },
  {
    name: 'Migration20261129001000_owed_status_delivery',
    class: Migration20261129001000_owed_status_delivery,
  },
  {
    name: 'Migration20261130000000_invoice_delivery_date_vat_exemption',
    class: Migration20261130000000_invoice_delivery_date_vat_exemption,
  },
  { name: 'Migration20261201000000_people', class: Migration20261201000000_people },
  { name: 'Migration20261201100000_document_search', class: Migration20261201100000_document_search },
  { name: 'Migration20261201100100_record_timeline', class: Migration20261201100100_record_timeline },
  {
    name: 'Migration20261201100200_dashboard_receivables',
    class: Migration20261201100200_dashboard_receivables,
  },
];
