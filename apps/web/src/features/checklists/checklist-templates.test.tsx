// @vitest-environment jsdom
import type { ChecklistTemplate } from '@fieldport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fill, json, type Req, renderApp, resetAppBetweenTests, where } from '../../test/app-harness.tsx';
import { bodyOf, draftOf, moved } from './components/template-draft.ts';

resetAppBetweenTests();

const WAIT = { timeout: 15_000 };

const template: ChecklistTemplate = {
  Id: 3,
  Name: 'Compressor service',
  IsActive: true,
  Updated: '2026-03-02T08:00:00',
  RowVersion: 4,
  Sections: [
    {
      Title: 'Safety',
      Fields: [
        {
          Label: 'Guards in place',
          Type: 'YesNo',
          Required: true,
          Min: null,
          Max: null,
          Unit: '',
          Choices: [],
        },
        { Label: 'Pressure', Type: 'Number', Required: true, Min: 6, Max: 8, Unit: 'bar', Choices: [] },
      ],
    },
  ],
};

function server(answer?: (req: Req) => Response | undefined) {
  return (req: Req): Response | undefined => {
    const own = answer?.(req);
    if (own) return own;
    if (req.path === 'checklist/templates')
      return json(200, [
        { Id: 3, Name: 'Compressor service', IsActive: true, SectionCount: 1, FieldCount: 2 },
      ]);
    if (req.path === 'checklist/templates/3') return json(200, template);
    return undefined;
  };
}

describe('the draft of a template', () => {
  it('goes back to the same template, options split and limits for numbers only', () => {
    const d = draftOf(template);
    expect(bodyOf(d, 4)).toEqual({
      Name: 'Compressor service',
      IsActive: true,
      RowVersion: 4,
      Sections: template.Sections,
    });
    d.Sections[0]!.Fields[0]!.Type = 'Choice';
    d.Sections[0]!.Fields[0]!.Choices = 'Good, , Poor ';
    d.Sections[0]!.Fields[0]!.Min = '3';
    d.Sections[0]!.Fields[1]!.Min = '6,5';
    const body = bodyOf(d, 4);
    expect(body.Sections[0]!.Fields[0]).toMatchObject({
      Type: 'Choice',
      Choices: ['Good', 'Poor'],
      Min: null,
    });
    expect(body.Sections[0]!.Fields[1]).toMatchObject({ Min: 6.5, Max: 8 });
  });

  it('moves an item up or down, not past the ends', () => {
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('the check-lists admin pages', () => {
  it('lists the templates, each opening its editor', async () => {
    const user = userEvent.setup();
    renderApp('/admin/check-lists', server());
    const list = await screen.findByRole('list', { name: 'Checklist templates' }, WAIT);
    await user.click(await within(list).findByRole('link', { name: /Compressor service/ }, WAIT));
    await waitFor(() => expect(where()).toBe('/admin/check-lists/edit/3'));
    expect(await screen.findByRole('heading', { name: 'Edit template' }, WAIT)).toBeTruthy();
  }, 30_000);

  it('adds a field and saves the whole template with the row version read', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp(
      '/admin/check-lists/edit/3',
      server((req) =>
        req.path === 'checklist/templates/3/' ? json(200, { ...template, RowVersion: 5 }) : undefined,
      ),
    );
    const section = await screen.findByRole('region', { name: 'Safety' }, WAIT);
    await user.click(within(section).getByRole('button', { name: 'Add field' }));
    const rows = within(section).getAllByTestId('template-field');
    expect(rows).toHaveLength(3);
    await fill(user, within(rows[2]!).getByLabelText(/Field label/), 'Remarks');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((r) => r.path === 'checklist/templates/3/')).toBe(true));
    const sent = requests.find((r) => r.path === 'checklist/templates/3/')!;
    expect(sent.method).toBe('POST');
    expect(sent.body).toMatchObject({ Name: 'Compressor service', RowVersion: 4 });
    expect((sent.body as ChecklistTemplate).Sections[0]!.Fields.map((f) => f.Label)).toEqual([
      'Guards in place',
      'Pressure',
      'Remarks',
    ]);
  }, 30_000);

  it('shows the server’s refusal with each field’s message', async () => {
    const user = userEvent.setup();
    renderApp(
      '/admin/check-lists/edit/3',
      server((req) =>
        req.path === 'checklist/templates/3/'
          ? json(400, {
              Message: 'Validation failed.',
              Errors: [
                { Field: 'Sections.0.Fields.0.Choices', Message: 'A choice needs at least two options.' },
              ],
            })
          : undefined,
      ),
    );
    await screen.findByRole('region', { name: 'Safety' }, WAIT);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert', {}, WAIT)).textContent).toContain(
      'A choice needs at least two options.',
    );
  }, 30_000);
});
