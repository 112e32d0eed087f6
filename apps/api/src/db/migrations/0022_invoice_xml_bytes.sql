-- A supplier's CFDI is kept as the bytes received (an XML declared ISO-8859-1 stays ISO-8859-1).
ALTER TABLE "order_invoices" ALTER COLUMN "xml" SET DATA TYPE bytea USING convert_to("xml", 'UTF8');
