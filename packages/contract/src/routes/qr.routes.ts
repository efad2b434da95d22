import { z } from 'zod';
import { QR_LIST_DEFAULT, QR_LIST_MAX } from '../domain/constants.ts';
import { ALL_USER_TYPES, STAFF } from '../domain/user-types.ts';
import { binary, defineRoute, json, users } from '../http/route.ts';

/** A QR label: its code and the link it encodes. */
export const QrCode = z.object({ Qrcode: z.string(), Link: z.string() });

/** What a scanned code leads to: the machine carrying it, if any (and visible to the caller). */
export const QrLink = z.object({
  Qrcode: z.string(),
  Link: z.string(),
  MachineId: z.number().int().nullable(),
  MachineName: z.string().nullable(),
  CustomerId: z.number().int().nullable(),
});

/** QR labels (002 §7.14) and stored files: images and documents (002 §7.19). */
export const qrRoutes = {
  qrLink: defineRoute({
    method: 'GET',
    path: '/api2/qr/Link/:id',
    summary: 'Resolve a QR code to its link and the machine that carries it.',
    access: users(ALL_USER_TYPES),
    params: z.object({
      id: z
        .string()
        .trim()
        .min(1, 'This field is required')
        .max(100, 'Max 100 characters.')
        .regex(/^[A-Za-z0-9_-]+$/, 'Not a QR code.'),
    }),
    response: json(QrLink),
  }),
  qrConvertUrlToImage: defineRoute({
    method: 'GET',
    path: '/api2/resource/ConvertUrlToQrCodeImage',
    summary: 'A PNG QR code image of a URL.',
    access: users(ALL_USER_TYPES),
    query: z.object({
      url: z.string().trim().min(1, 'This field is required').max(2000, 'Max 2000 characters.'),
    }),
    response: binary('image/png'),
  }),
  qrCreateList: defineRoute({
    method: 'GET',
    path: '/api2/qr/CreateList',
    summary: `Make new unique QR codes for labels (default ${QR_LIST_DEFAULT}, at most ${QR_LIST_MAX}).`,
    access: users(STAFF),
    query: z.object({
      count: z.coerce
        .number({ error: 'Must be a valid whole number.' })
        .int('Must be a valid whole number.')
        .min(1, 'At least 1 QR code.')
        .max(QR_LIST_MAX, `At most ${QR_LIST_MAX} QR codes per call.`)
        .default(QR_LIST_DEFAULT),
    }),
    response: json(z.array(QrCode)),
  }),
  resourceGet: defineRoute({
    method: 'GET',
    path: '/api2/resource/',
    summary:
      'A stored image or document by its relative path (under the uploads folder only; documents only to those who may see them).',
    access: users(ALL_USER_TYPES),
    query: z.object({
      relativePath: z.string().min(1, 'This field is required').max(500, 'Max 500 characters.'),
    }),
    response: binary('*/*'),
  }),
} as const;
