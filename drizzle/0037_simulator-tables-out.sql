DROP TABLE "payment_sim_records" CASCADE;--> statement-breakpoint
DROP TABLE "payment_sim_tasks" CASCADE;