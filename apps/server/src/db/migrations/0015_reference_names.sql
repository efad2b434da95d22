-- Names per language of the lookups (decision 034); the built-in rows still under their built-in English
-- names take the translations of packages/contract/src/i18n/<lang>/reference.json.
ALTER TABLE "job_statuses" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "job_sub_statuses" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "job_types" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "job_priorities" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "warranty_types" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "repair_places" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "job_categories" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "job_statuses" SET "names" = '{"en": "New", "no": "Ny", "sv": "Ny", "zh-CN": "新建", "zh-HK": "新建"}'::jsonb WHERE "id" = 10 AND "name" = 'New';--> statement-breakpoint
UPDATE "job_statuses" SET "names" = '{"en": "Planned", "no": "Planlagt", "sv": "Planerad", "zh-CN": "已计划", "zh-HK": "已計劃"}'::jsonb WHERE "id" = 20 AND "name" = 'Planned';--> statement-breakpoint
UPDATE "job_statuses" SET "names" = '{"en": "In progress", "no": "Pågår", "sv": "Pågår", "zh-CN": "进行中", "zh-HK": "進行中"}'::jsonb WHERE "id" = 30 AND "name" = 'In progress';--> statement-breakpoint
UPDATE "job_statuses" SET "names" = '{"en": "Waiting for parts", "no": "Venter på deler", "sv": "Väntar på delar", "zh-CN": "等待零件", "zh-HK": "等待零件"}'::jsonb WHERE "id" = 40 AND "name" = 'Waiting for parts';--> statement-breakpoint
UPDATE "job_statuses" SET "names" = '{"en": "Completed", "no": "Fullført", "sv": "Slutförd", "zh-CN": "已完成", "zh-HK": "已完成"}'::jsonb WHERE "id" = 50 AND "name" = 'Completed';--> statement-breakpoint
UPDATE "job_statuses" SET "names" = '{"en": "Ready for invoicing", "no": "Klar for fakturering", "sv": "Klar för fakturering", "zh-CN": "待开票", "zh-HK": "待開發票"}'::jsonb WHERE "id" = 60 AND "name" = 'Ready for invoicing';--> statement-breakpoint
UPDATE "job_statuses" SET "names" = '{"en": "Approved", "no": "Godkjent", "sv": "Godkänd", "zh-CN": "已批准", "zh-HK": "已批准"}'::jsonb WHERE "id" = 70 AND "name" = 'Approved';--> statement-breakpoint
UPDATE "job_statuses" SET "names" = '{"en": "Closed", "no": "Lukket", "sv": "Stängd", "zh-CN": "已关闭", "zh-HK": "已關閉"}'::jsonb WHERE "id" = 100 AND "name" = 'Closed';--> statement-breakpoint
UPDATE "job_statuses" SET "names" = '{"en": "Deleted", "no": "Slettet", "sv": "Borttagen", "zh-CN": "已删除", "zh-HK": "已刪除"}'::jsonb WHERE "id" = 110 AND "name" = 'Deleted';--> statement-breakpoint
UPDATE "job_sub_statuses" SET "names" = '{"en": "Awaiting customer reply", "no": "Venter på svar fra kunden", "sv": "Väntar på svar från kunden", "zh-CN": "等待客户回复", "zh-HK": "等待客戶回覆"}'::jsonb WHERE "id" = 1 AND "name" = 'Awaiting customer reply';--> statement-breakpoint
UPDATE "job_sub_statuses" SET "names" = '{"en": "Needs quotation", "no": "Trenger tilbud", "sv": "Behöver offert", "zh-CN": "需要报价", "zh-HK": "需要報價"}'::jsonb WHERE "id" = 2 AND "name" = 'Needs quotation';--> statement-breakpoint
UPDATE "job_sub_statuses" SET "names" = '{"en": "Confirmed with customer", "no": "Bekreftet med kunden", "sv": "Bekräftad med kunden", "zh-CN": "已与客户确认", "zh-HK": "已與客戶確認"}'::jsonb WHERE "id" = 3 AND "name" = 'Confirmed with customer';--> statement-breakpoint
UPDATE "job_sub_statuses" SET "names" = '{"en": "Not confirmed", "no": "Ikke bekreftet", "sv": "Inte bekräftad", "zh-CN": "未确认", "zh-HK": "未確認"}'::jsonb WHERE "id" = 4 AND "name" = 'Not confirmed';--> statement-breakpoint
UPDATE "job_sub_statuses" SET "names" = '{"en": "Travelling", "no": "På reise", "sv": "På resa", "zh-CN": "在途中", "zh-HK": "在途中"}'::jsonb WHERE "id" = 5 AND "name" = 'Travelling';--> statement-breakpoint
UPDATE "job_sub_statuses" SET "names" = '{"en": "On site", "no": "På stedet", "sv": "På plats", "zh-CN": "在现场", "zh-HK": "在現場"}'::jsonb WHERE "id" = 6 AND "name" = 'On site';--> statement-breakpoint
UPDATE "job_sub_statuses" SET "names" = '{"en": "Parts ordered", "no": "Deler bestilt", "sv": "Delar beställda", "zh-CN": "零件已订购", "zh-HK": "零件已訂購"}'::jsonb WHERE "id" = 7 AND "name" = 'Parts ordered';--> statement-breakpoint
UPDATE "job_sub_statuses" SET "names" = '{"en": "Parts arrived", "no": "Deler ankommet", "sv": "Delar har kommit", "zh-CN": "零件已到达", "zh-HK": "零件已到達"}'::jsonb WHERE "id" = 8 AND "name" = 'Parts arrived';--> statement-breakpoint
UPDATE "job_sub_statuses" SET "names" = '{"en": "Report pending", "no": "Rapport venter", "sv": "Rapport väntar", "zh-CN": "报告待完成", "zh-HK": "報告待完成"}'::jsonb WHERE "id" = 9 AND "name" = 'Report pending';--> statement-breakpoint
UPDATE "job_sub_statuses" SET "names" = '{"en": "Invoice draft made", "no": "Fakturautkast laget", "sv": "Fakturautkast gjort", "zh-CN": "已制作发票草稿", "zh-HK": "已製作發票草稿"}'::jsonb WHERE "id" = 10 AND "name" = 'Invoice draft made';--> statement-breakpoint
UPDATE "job_types" SET "names" = '{"en": "Service", "no": "Service", "sv": "Service", "zh-CN": "保养", "zh-HK": "保養"}'::jsonb WHERE "id" = 1 AND "name" = 'Service';--> statement-breakpoint
UPDATE "job_types" SET "names" = '{"en": "Repair", "no": "Reparasjon", "sv": "Reparation", "zh-CN": "维修", "zh-HK": "維修"}'::jsonb WHERE "id" = 2 AND "name" = 'Repair';--> statement-breakpoint
UPDATE "job_types" SET "names" = '{"en": "Parts", "no": "Deler", "sv": "Delar", "zh-CN": "零件", "zh-HK": "零件"}'::jsonb WHERE "id" = 3 AND "name" = 'Parts';--> statement-breakpoint
UPDATE "job_types" SET "names" = '{"en": "Installation", "no": "Installasjon", "sv": "Installation", "zh-CN": "安装", "zh-HK": "安裝"}'::jsonb WHERE "id" = 4 AND "name" = 'Installation';--> statement-breakpoint
UPDATE "job_types" SET "names" = '{"en": "Inspection", "no": "Inspeksjon", "sv": "Besiktning", "zh-CN": "检验", "zh-HK": "檢驗"}'::jsonb WHERE "id" = 5 AND "name" = 'Inspection';--> statement-breakpoint
UPDATE "job_priorities" SET "names" = '{"en": "Critical", "no": "Kritisk", "sv": "Kritisk", "zh-CN": "紧急", "zh-HK": "緊急"}'::jsonb WHERE "id" = 1 AND "name" = 'Critical';--> statement-breakpoint
UPDATE "job_priorities" SET "names" = '{"en": "High", "no": "Høy", "sv": "Hög", "zh-CN": "高", "zh-HK": "高"}'::jsonb WHERE "id" = 2 AND "name" = 'High';--> statement-breakpoint
UPDATE "job_priorities" SET "names" = '{"en": "Normal", "no": "Normal", "sv": "Normal", "zh-CN": "普通", "zh-HK": "普通"}'::jsonb WHERE "id" = 3 AND "name" = 'Normal';--> statement-breakpoint
UPDATE "job_priorities" SET "names" = '{"en": "Low", "no": "Lav", "sv": "Låg", "zh-CN": "低", "zh-HK": "低"}'::jsonb WHERE "id" = 4 AND "name" = 'Low';--> statement-breakpoint
UPDATE "warranty_types" SET "names" = '{"en": "No warranty", "no": "Ingen garanti", "sv": "Ingen garanti", "zh-CN": "无保修", "zh-HK": "無保用"}'::jsonb WHERE "id" = 1 AND "name" = 'No warranty';--> statement-breakpoint
UPDATE "warranty_types" SET "names" = '{"en": "Manufacturer warranty", "no": "Produsentgaranti", "sv": "Tillverkargaranti", "zh-CN": "制造商保修", "zh-HK": "製造商保用"}'::jsonb WHERE "id" = 2 AND "name" = 'Manufacturer warranty';--> statement-breakpoint
UPDATE "warranty_types" SET "names" = '{"en": "Extended warranty", "no": "Utvidet garanti", "sv": "Utökad garanti", "zh-CN": "延长保修", "zh-HK": "延長保用"}'::jsonb WHERE "id" = 3 AND "name" = 'Extended warranty';--> statement-breakpoint
UPDATE "warranty_types" SET "names" = '{"en": "Goodwill", "no": "Goodwill", "sv": "Goodwill", "zh-CN": "善意补偿", "zh-HK": "善意補償"}'::jsonb WHERE "id" = 4 AND "name" = 'Goodwill';--> statement-breakpoint
UPDATE "repair_places" SET "names" = '{"en": "On site", "no": "På stedet", "sv": "På plats", "zh-CN": "现场", "zh-HK": "現場"}'::jsonb WHERE "id" = 1 AND "name" = 'On site';--> statement-breakpoint
UPDATE "repair_places" SET "names" = '{"en": "Workshop", "no": "Verksted", "sv": "Verkstad", "zh-CN": "维修车间", "zh-HK": "維修工場"}'::jsonb WHERE "id" = 2 AND "name" = 'Workshop';--> statement-breakpoint
UPDATE "repair_places" SET "names" = '{"en": "At supplier", "no": "Hos leverandør", "sv": "Hos leverantör", "zh-CN": "在供应商处", "zh-HK": "在供應商處"}'::jsonb WHERE "id" = 3 AND "name" = 'At supplier';--> statement-breakpoint
UPDATE "job_categories" SET "names" = '{"en": "Preventive maintenance", "no": "Forebyggende vedlikehold", "sv": "Förebyggande underhåll", "zh-CN": "预防性维护", "zh-HK": "預防性維護"}'::jsonb WHERE "id" = 1 AND "name" = 'Preventive maintenance';--> statement-breakpoint
UPDATE "job_categories" SET "names" = '{"en": "Breakdown", "no": "Driftsstans", "sv": "Haveri", "zh-CN": "故障", "zh-HK": "故障"}'::jsonb WHERE "id" = 2 AND "name" = 'Breakdown';--> statement-breakpoint
UPDATE "job_categories" SET "names" = '{"en": "Installation", "no": "Installasjon", "sv": "Installation", "zh-CN": "安装", "zh-HK": "安裝"}'::jsonb WHERE "id" = 3 AND "name" = 'Installation';--> statement-breakpoint
UPDATE "job_categories" SET "names" = '{"en": "Inspection and certification", "no": "Inspeksjon og sertifisering", "sv": "Besiktning och certifiering", "zh-CN": "检验和认证", "zh-HK": "檢驗及認證"}'::jsonb WHERE "id" = 4 AND "name" = 'Inspection and certification';--> statement-breakpoint
UPDATE "job_categories" SET "names" = '{"en": "Modification", "no": "Ombygging", "sv": "Ombyggnad", "zh-CN": "改装", "zh-HK": "改裝"}'::jsonb WHERE "id" = 5 AND "name" = 'Modification';
--> statement-breakpoint
UPDATE "job_statuses" SET "icon" = 'NewReleases' WHERE "id" = 10 AND "icon" = 'FiberNew';
