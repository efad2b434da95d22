import { describe, expect, it } from 'vitest';
import { checklistAnswerProblem, isChecklistAnswerFailed } from '../src/rules/checklist-answers.ts';

const field = (Type: 'YesNo' | 'Number' | 'Text' | 'Choice' | 'Photo', extra = {}) => ({
  Type,
  Min: null,
  Max: null,
  Choices: [] as string[],
  ...extra,
});

describe('checklist answers', () => {
  it('accepts each type’s own value, and null to clear', () => {
    expect(checklistAnswerProblem(field('YesNo'), true)).toBeNull();
    expect(checklistAnswerProblem(field('Number'), 7.5)).toBeNull();
    expect(checklistAnswerProblem(field('Text'), 'Filter replaced')).toBeNull();
    expect(checklistAnswerProblem(field('Choice', { Choices: ['Good', 'Poor'] }), 'Poor')).toBeNull();
    expect(checklistAnswerProblem(field('Photo'), 12)).toBeNull();
    for (const t of ['YesNo', 'Number', 'Text', 'Choice', 'Photo'] as const)
      expect(checklistAnswerProblem(field(t), null)).toBeNull();
  });

  it('names the problem of a value of the wrong type', () => {
    expect(checklistAnswerProblem(field('YesNo'), 'yes')).toBe('checklist_value_yes_no');
    expect(checklistAnswerProblem(field('Number'), '7')).toBe('checklist_value_number');
    expect(checklistAnswerProblem(field('Number'), Number.NaN)).toBe('checklist_value_number');
    expect(checklistAnswerProblem(field('Text'), 'x'.repeat(2001))).toBe('checklist_value_text');
    expect(checklistAnswerProblem(field('Text'), 'a\0b')).toBe('checklist_value_text');
    expect(checklistAnswerProblem(field('Choice', { Choices: ['Good'] }), 'Bad')).toBe(
      'checklist_value_choice',
    );
    expect(checklistAnswerProblem(field('Photo'), 1.5)).toBe('checklist_value_photo');
    expect(checklistAnswerProblem(field('Photo'), 'photo.jpg')).toBe('checklist_value_photo');
  });

  it('fails a no and a number outside its range; nothing else', () => {
    expect(isChecklistAnswerFailed(field('YesNo'), false)).toBe(true);
    expect(isChecklistAnswerFailed(field('YesNo'), true)).toBe(false);
    expect(isChecklistAnswerFailed(field('YesNo'), null)).toBe(false);
    const range = field('Number', { Min: 6, Max: 8 });
    expect([5.9, 6, 8, 8.1].map((v) => isChecklistAnswerFailed(range, v))).toEqual([
      true,
      false,
      false,
      true,
    ]);
    expect(isChecklistAnswerFailed(field('Number', { Min: 0 }), 1e6)).toBe(false);
    expect(isChecklistAnswerFailed(field('Text'), '')).toBe(false);
  });
});
