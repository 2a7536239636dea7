import { byIdInput } from '@server/shared/common.schemas';
import { eventQuestionsInput, saveRegistrationQuestionsInput } from './registration-questions.schemas';
import { answersOfBooking, questionsForEvent, saveEventQuestions } from './registration-questions.service';
import { adminProcedure, publicProcedure, router, staffProcedure } from '@server/trpc/init';

export const registrationQuestionsRouter = router({
  forEvent: publicProcedure
    .meta({ description: "An event's registration questions in the order the booking form asks them: anonymous callers only an active event's (NOT_FOUND otherwise), staff any event's." })
    .input(eventQuestionsInput)
    .query(({ ctx, input }) => questionsForEvent(ctx, input)),

  save: adminProcedure
    .meta({ description: "Replaces an event's registration questions with the list given, in its order: questions with an id are changed in place, new ones added, missing ones deleted; earlier answers keep the question as it was asked (audited)." })
    .input(saveRegistrationQuestionsInput)
    .mutation(({ ctx, input }) => saveEventQuestions(ctx, input)),

  answersOf: staffProcedure
    .meta({ description: "A booking's answers to its event's registration questions, each with the question as it was asked (NOT_FOUND for an unknown booking)." })
    .input(byIdInput)
    .query(({ ctx, input }) => answersOfBooking(ctx, input)),
});
